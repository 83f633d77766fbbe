import { z } from 'zod';
import { versionNumber } from '../numbers.js';
import { clientMeta, successEnvelope } from './envelope.js';

/**
 * Menu change history (issue 36): every save of an item, a submenu, a category or a price-book price is a
 * revision; one can be reverted (its changed fields put back as they were before it), and a restaurant's menu
 * can be read as it was at a time.
 */
export const MENU_HISTORY_ENTITIES = ['item', 'submenu', 'category', 'price'] as const;
export type MenuHistoryEntity = (typeof MENU_HISTORY_ENTITIES)[number];

/** The record: a foodid, a submenuid, a category id, or `<path id>:<foodid>` for a price-book price. */
export const menuHistoryQuery = z.object({
  entity: z.enum(MENU_HISTORY_ENTITIES),
  id: z.string().min(1).max(200),
});

/** One changed field: `field` is a column, or `details.<key>` / `extras.<key>` / `body.<key>` inside one. */
export const menuFieldChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type MenuFieldChange = z.infer<typeof menuFieldChange>;

export const menuRevision = z.object({
  id: z.number().int(),
  /** insert | update | delete */
  op: z.enum(['insert', 'update', 'delete']),
  at: z.string(),
  actor: z.string().nullable(),
  changes: z.array(menuFieldChange),
  /** The revision this one reverted, when it was a revert. */
  reverted_from: z.number().int().nullable(),
  /** Only updates can be reverted. */
  revertible: z.boolean(),
});
export type MenuRevision = z.infer<typeof menuRevision>;

export const menuHistoryAnswer = successEnvelope({
  entity: z.enum(MENU_HISTORY_ENTITIES),
  id: z.string(),
  /** The record's current version (null when it no longer exists): a revert names it. */
  version: z.number().int().nullable(),
  revisions: z.array(menuRevision),
});
export type MenuHistoryAnswer = z.infer<typeof menuHistoryAnswer>;

export const menuRevertBody = z.object({
  revision: z.number().int().min(1),
  /** The record's version the user saw (version-checked: 409 when it changed since). */
  version: versionNumber(),
  ...clientMeta,
});

export const menuRevertAnswer = successEnvelope({ message: z.string(), version: z.number().int() });

export const menuAsOfQuery = z.object({
  restaurant: z.string().min(1).max(200),
  at: z.iso.datetime({ offset: true }),
});

export const menuAsOfItem = z.object({
  foodid: z.string(),
  foodname: z.string(),
  price: z.number(),
  pricebook_price: z.number().nullable(),
  listofcategories: z.array(z.string()),
  vegflag: z.string(),
  hide_item: z.boolean(),
  unavailable: z.boolean(),
});
export type MenuAsOfItem = z.infer<typeof menuAsOfItem>;

export const menuAsOfAnswer = successEnvelope({
  restaurant: z.string(),
  at: z.string(),
  fooditems: z.array(menuAsOfItem),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  submenus: z.array(z.object({ submenuid: z.string(), title: z.string(), option_count: z.number().int() })),
});
export type MenuAsOfAnswer = z.infer<typeof menuAsOfAnswer>;
