/**
 * Errors as they may be logged or shown: a failed query's SQL and parameters carry user data (drizzle's
 * DrizzleQueryError puts both in its message), and PostgreSQL's own messages quote the offending values
 * (`invalid input syntax for type integer: "abc"`, `Key (name)=(Spice Route) already exists`). What is kept:
 * the error's type, the PostgreSQL code and the names of the constraint, table and column, and a message
 * whose quoted values are replaced by `…`.
 */

type AnyError = Error & {
  code?: unknown;
  statusCode?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  severity?: unknown;
};

export type SafeError = {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  /** Empty when it would repeat a redacted message. */
  stack: string;
  cause?: SafeError;
};

/** A drizzle query error: its message is the SQL and its parameters. */
export function isQueryError(err: unknown): boolean {
  const e = err as AnyError | null;
  return Boolean(e && typeof e === 'object' && (e.name === 'DrizzleQueryError' || ('query' in e && 'params' in e)));
}

/** A PostgreSQL error (pg's DatabaseError, PGlite's): a five-character SQLSTATE and a severity. */
function isPgError(e: AnyError): boolean {
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/** Replaces what a database message quotes (values) by `…`; keeps its words. */
export function redactValues(message: string): string {
  return message
    .replace(/\)=\([^)]*\)/g, ')=(…)')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .slice(0, 500);
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The log serializer of `err` (app.ts): any error, with database details redacted, causes followed 5 deep. */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: redactValues(String(err)), stack: '' };
  const e = err as AnyError;
  const cause = depth < 5 && e.cause !== undefined && e.cause !== err ? safeError(e.cause, depth + 1) : undefined;
  // PostgreSQL's own errors first: PGlite's carry the query and its parameters as well.
  if (isPgError(e)) {
    return {
      type: e.name || 'DatabaseError',
      message: redactValues(e.message),
      code: str(e.code),
      constraint: str(e.constraint),
      table: str(e.table),
      column: str(e.column),
      stack: '',
      cause,
    };
  }
  if (isQueryError(e)) {
    return {
      type: e.name || 'DrizzleQueryError',
      message: 'Failed query (SQL and parameters not logged)',
      stack: '',
      cause,
    };
  }
  const out: SafeError = { type: e.name || e.constructor?.name || 'Error', message: e.message, stack: e.stack ?? '' };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (cause) out.cause = cause;
  // An error that wraps a failed query repeats its SQL in its own message.
  if (cause && (cause.type === 'DrizzleQueryError' || cause.code)) {
    out.message = redactValues(e.message.replace(/Failed query:[\s\S]*/, 'Failed query'));
    out.stack = '';
  }
  return out;
}

/** What a user may be told about an unexpected failure (a job's message): never SQL or values. */
export function publicReason(err: unknown): string {
  const e = err as AnyError | null;
  if (e && typeof e === 'object' && (isQueryError(e) || isPgError(e))) {
    const code = str((e?.cause as AnyError | undefined)?.code) ?? str(e?.code);
    return `a database error${code ? ` (${code})` : ''}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** A request URL for the log: the path and the names of the query parameters, never their values. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = [...new URLSearchParams(url.slice(q + 1)).keys()];
  return `${url.slice(0, q)}?${names.map((n) => `${n}=…`).join('&')}`;
}

/** The log serializer of `req` (app.ts): what pino logs by default, with the query values left out. */
export function safeRequest(req: { method?: string; url?: string; host?: string; ip?: string }) {
  return { method: req.method, url: safeUrl(req.url ?? ''), host: req.host, remoteAddress: req.ip };
}
