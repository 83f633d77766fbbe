import { z } from 'zod';
import { versionNumber } from '../numbers.js';
import { clientMeta, successEnvelope } from './envelope.js';

/**
 * Saved views (issue 36 point 5): a list's filters, search, sort, page size and visible columns kept under a name,
 * for the owner alone or shared with the users of a permission profile. A view is a named address query and
 * column set: picking it navigates to `<list_key>?<query>`.
 */
export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 2000;
export const SAVED_VIEW_COLUMNS_MAX = 50;

/** The list a view belongs to: the page's path, with `#section` for a list that is a section of a page. */
export const savedViewListKey = () =>
  z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9_./:#-]{0,119}$/, 'Use the list’s page path, such as /orderhistory');

const name = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(SAVED_VIEW_NAME_MAX, `Use at most ${SAVED_VIEW_NAME_MAX} characters`);

/** The address query without `?`: `key=value` pairs only (what the list's address holds). */
const query = z
  .string()
  .trim()
  .max(SAVED_VIEW_QUERY_MAX, `Use at most ${SAVED_VIEW_QUERY_MAX} characters`)
  .transform((q) => q.replace(/^\?/, ''))
  .refine((q) => q === '' || q.split('&').every((part) => /^[A-Za-z0-9_.%+-]+=[^&#]*$/.test(part)), {
    message: 'Use the list’s address query (key=value pairs joined by &)',
  });

const columnId = z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/, 'Use column ids');
/** The visible columns in order; null: the page's own columns. */
const columns = z
  .array(columnId)
  .min(1, 'Show at least one column')
  .max(SAVED_VIEW_COLUMNS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Name each column once' })
  .nullable();

const profile = z.number().int().positive().nullable();

export const savedViewListQuery = z.object({ list_key: savedViewListKey(), ...clientMeta });

export const savedViewCreateBody = z.object({
  list_key: savedViewListKey(),
  name,
  query: query.default(''),
  columns: columns.default(null),
  /** The permission profile whose users also see the view; null: the owner's alone. */
  shared_with_profile: profile.default(null),
  ...clientMeta,
});

/** Rename, re-share or replace the state of a view (the owner's), naming the version edited. */
export const savedViewUpdateBody = z.object({
  name: name.optional(),
  query: query.optional(),
  columns: columns.optional(),
  shared_with_profile: profile.optional(),
  version: versionNumber(),
  ...clientMeta,
});

export const savedViewSchema = z.object({
  id: z.number().int(),
  list_key: z.string(),
  name: z.string(),
  query: z.string(),
  columns: z.array(z.string()).nullable(),
  shared_with_profile: z.number().int().nullable(),
  /** The profile's name (null when not shared). */
  shared_with_profile_name: z.string().nullable(),
  /** The owner's user id and name. */
  owner: z.string(),
  owner_name: z.string(),
  /** The caller owns it: may rename, re-share and delete it. */
  mine: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListAnswer = successEnvelope({
  views: z.array(savedViewSchema),
  /** The permission profiles the caller may share a view with (an administrator: all; else their own). */
  share_profiles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SavedViewListAnswer = z.infer<typeof savedViewListAnswer>;

export const savedViewAnswer = successEnvelope({ message: z.string(), view: savedViewSchema });
