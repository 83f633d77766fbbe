/** Postgres error fields; under drizzle the driver's error is at `err.cause` (DESIGN.md §2). */
type PgError = { code?: string; constraint?: string; message?: string };

export function pgError(err: unknown): PgError | undefined {
  const e = err as { cause?: PgError; code?: string } | null;
  if (!e) return undefined;
  if (e.cause && typeof e.cause === 'object' && 'code' in e.cause) return e.cause;
  if (typeof e.code === 'string') return e as PgError;
  return undefined;
}

/** The unique constraint a statement broke, if that is what failed. */
export function uniqueViolation(err: unknown): string | undefined {
  const pg = pgError(err);
  if (pg?.code !== '23505') return undefined;
  return pg.constraint ?? pg.message ?? 'unique';
}
