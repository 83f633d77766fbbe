import { AppError } from './errors.js';

/**
 * DESIGN.md §5: an update names the version it edited; when someone saved first the answer is 409 with who
 * and when, and the client offers to reload. Nothing is overwritten silently.
 */
export function versionConflict(
  what: string,
  current: { version: number; updated_by: string | null; updated_at: Date },
) {
  const who = current.updated_by ?? 'someone';
  const when = current.updated_at.toISOString();
  return new AppError(
    409,
    'versionConflict',
    `${what} was changed by ${who} since you opened it. Reload to see the changes.`,
    {
      current_version: current.version,
      updated_by: current.updated_by,
      updated_at: when,
    },
  );
}
