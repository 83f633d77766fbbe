import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One typed reader/writer of a page's state in the address (STYLE.md: every list and every dialog is linkable
 * and survives reload). A page declares its parameters once; the hook answers their values (defaults when
 * absent or invalid) and a patcher that writes changes, leaving defaults and empty values out of the address.
 */
export type Param<T> = {
  parse: (raw: string | null) => T;
  /** The text written to the address; undefined leaves the parameter out (its default). */
  format: (value: T) => string | undefined;
};

type ValueOf<P> = P extends Param<infer T> ? T : never;
// `any`: a spec mixes parameters of every value type; each one's own type is kept by UrlState below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UrlStateSpec = Record<string, Param<any>>;
export type UrlState<S extends UrlStateSpec> = { [K in keyof S]: ValueOf<S[K]> };
export type UrlPatch<S extends UrlStateSpec> = { [K in keyof S]?: ValueOf<S[K]> | undefined };

const trimmed = (raw: string | null) => raw?.trim() ?? '';
/** 'YYYY-MM-DD' naming a day that exists (no 2026-02-30). */
const isIsoDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};

export const param = {
  /** Free text ('' when absent): a search box. */
  text: (): Param<string> => ({ parse: (raw) => raw ?? '', format: (v) => v || undefined }),
  /** An id or filter value; undefined when absent. */
  id: (): Param<string | undefined> => ({ parse: (raw) => trimmed(raw) || undefined, format: (v) => v || undefined }),
  /** A whole number of at least `min`; the fallback is left out of the address. */
  int: (fallback: number, min = 1): Param<number> => ({
    parse: (raw) => {
      const n = Number(raw);
      return raw !== null && Number.isInteger(n) && n >= min ? n : fallback;
    },
    format: (v) => (v === fallback ? undefined : String(v)),
  }),
  /** One of a list of numbers (page sizes); the fallback is left out. */
  numberOf: <T extends number>(values: readonly T[], fallback: T): Param<T> => ({
    parse: (raw) => (values.find((v) => String(v) === raw) ?? fallback) as T,
    format: (v) => (v === fallback ? undefined : String(v)),
  }),
  /** A calendar date 'YYYY-MM-DD' (a real day), or undefined: a date filter. */
  isoDate: (): Param<string | undefined> => ({
    parse: (raw) => (raw && isIsoDate(raw.trim()) ? raw.trim() : undefined),
    format: (v) => v || undefined,
  }),
  /** One of a list of words, or undefined. */
  oneOf: <T extends string>(values: readonly T[]): Param<T | undefined> => ({
    parse: (raw) => values.find((v) => v === raw),
    format: (v) => v || undefined,
  }),
  /** One of a list of words with a default that is left out of the address. */
  oneOfOr: <T extends string>(values: readonly T[], fallback: T): Param<T> => ({
    parse: (raw) => values.find((v) => v === raw) ?? fallback,
    format: (v) => (v === fallback ? undefined : v),
  }),
};

/** Declares a page's parameters; the identity, for type inference. */
export function defineUrlState<S extends UrlStateSpec>(spec: S): S {
  return spec;
}

/** `prefix` keeps two lists on one page apart (`category_page`, `category_edit`, …). */
export function parseUrlState<S extends UrlStateSpec>(spec: S, params: URLSearchParams, prefix = ''): UrlState<S> {
  const state: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(spec)) state[key] = p.parse(params.get(prefix + key));
  return state as UrlState<S>;
}

/** Writes a patch into a copy of the query string; keys the spec does not know are kept as they are. */
export function applyUrlPatch<S extends UrlStateSpec>(
  spec: S,
  params: URLSearchParams,
  patch: UrlPatch<S>,
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const p = spec[key];
    const text = value === undefined ? undefined : p ? p.format(value) : String(value);
    if (text === undefined || text === '') next.delete(prefix + key);
    else next.set(prefix + key, text);
  }
  return next;
}

/** The page's state from the address, and a way to change it (push by default; `replace` for typing). */
export function useUrlState<S extends UrlStateSpec>(spec: S, { prefix = '' }: { prefix?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUrlState(spec, params, prefix), [spec, params, prefix]);
  const update = useCallback(
    (patch: UrlPatch<S>, options: { replace?: boolean } = {}) =>
      setParams((prev) => applyUrlPatch(spec, prev, patch, prefix), options),
    [spec, setParams, prefix],
  );
  return { state, update };
}
