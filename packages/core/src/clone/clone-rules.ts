import { z } from 'zod';

/**
 * Menu clone (issue 20, page clone): copy a restaurant's menu (categories, items, submenus, prices, images) to
 * one or more restaurants. Items, categories and submenus are matched by name, ignoring case and surrounding
 * spaces (ids differ per restaurant). "only_missing" adds what the target lacks and leaves everything else;
 * "overwrite" also brings matching entries in line with the source, except fields the target has locked.
 * The plan is a pure function of two menus, so the preview and the job compute exactly the same thing.
 */
export const CLONE_MODES = ['only_missing', 'overwrite'] as const;
export type CloneMode = (typeof CLONE_MODES)[number];

/** At most this many targets in one clone (a clone is one job; each target is its own transaction). */
export const CLONE_MAX_TARGETS = 20;
/** Names listed per action in a preview (the counts are always complete). */
export const CLONE_SAMPLE_SIZE = 25;

export const cloneIncludeSchema = z.object({
  /** Items and their category names. */
  items: z.boolean().default(true),
  /** Prices of items that already exist at the target (new items always take the source's price). */
  prices: z.boolean().default(true),
  /** Images of items (new and existing). */
  images: z.boolean().default(true),
  /** Submenus (modifier groups) and which items they are attached to. */
  submenus: z.boolean().default(true),
});
export type CloneInclude = z.infer<typeof cloneIncludeSchema>;

const restaurantId = z.string().trim().min(1).max(200);

const distinctTargets = <T>(list: T[], id: (t: T) => string) => new Set(list.map(id)).size === list.length;

export const clonePreviewBody = z
  .object({
    source: restaurantId,
    targets: z.array(restaurantId).min(1, 'clone.noTargets').max(CLONE_MAX_TARGETS, 'clone.tooManyTargets'),
    mode: z.enum(CLONE_MODES).default('only_missing'),
    include: cloneIncludeSchema.default({ items: true, prices: true, images: true, submenus: true }),
  })
  .superRefine((b, ctx) => cloneBodyIssues(b.source, b.targets, b.include, ctx));
export type ClonePreviewBody = z.infer<typeof clonePreviewBody>;

/** Starting a clone names each target with the menu stamp its preview showed: a target changed since is left alone. */
export const cloneStartBody = z
  .object({
    source: restaurantId,
    targets: z
      .array(z.object({ restaurant: restaurantId, stamp: z.string().max(40) }))
      .min(1, 'clone.noTargets')
      .max(CLONE_MAX_TARGETS, 'clone.tooManyTargets'),
    mode: z.enum(CLONE_MODES),
    include: cloneIncludeSchema.default({ items: true, prices: true, images: true, submenus: true }),
  })
  .superRefine((b, ctx) =>
    cloneBodyIssues(
      b.source,
      b.targets.map((t) => t.restaurant),
      b.include,
      ctx,
    ),
  );
export type CloneStartBody = z.infer<typeof cloneStartBody>;

function cloneBodyIssues(source: string, targets: string[], include: CloneInclude, ctx: z.RefinementCtx) {
  if (targets.includes(source)) {
    ctx.addIssue({ code: 'custom', path: ['targets'], message: 'clone.sourceIsTarget' });
  }
  if (!distinctTargets(targets, (t) => t)) {
    ctx.addIssue({ code: 'custom', path: ['targets'], message: 'clone.duplicateTarget' });
  }
  if (!include.items && !include.submenus) {
    ctx.addIssue({ code: 'custom', path: ['include'], message: 'clone.nothingIncluded' });
  }
}

/** The messages of the rules above, for both the page and the API's 400s. */
export const CLONE_MESSAGES: Record<string, string> = {
  'clone.noTargets': 'Choose at least one restaurant to clone into',
  'clone.tooManyTargets': `Clone into at most ${CLONE_MAX_TARGETS} restaurants at once`,
  'clone.sourceIsTarget': 'A restaurant cannot be cloned into itself',
  'clone.duplicateTarget': 'A restaurant is listed twice',
  'clone.nothingIncluded': 'Include items or submenus (or both)',
};

// ---------------------------------------------------------------------------------------------------------------
// The plan

/** One item as the clone sees it (the server maps rows to this and back). */
export type CloneItem = {
  foodid: string;
  foodname: string;
  price: string;
  listofcategories: string[];
  vegflag: string;
  hide_item: boolean;
  imageurl: string;
  short_name: string;
  extras: Record<string, boolean>;
  locked_field: string[];
  details: Record<string, unknown>;
  sequence: number;
  /** Ids of connected submenus, in order. */
  submenus: string[];
};
export type CloneCategory = { name: string; sequence: number };
export type CloneSubmenu = { submenuid: string; title: string; body: Record<string, unknown> };
export type CloneMenu = { items: CloneItem[]; categories: CloneCategory[]; submenus: CloneSubmenu[] };

export type CloneConflictKind =
  'ambiguous_item' | 'locked_field' | 'unlinked_option' | 'currency' | 'target_changed' | 'failed';
export type CloneConflict = { kind: CloneConflictKind; name: string; message: string };

export type ItemAction =
  | { action: 'add'; source: CloneItem; values: CloneItemValues }
  | { action: 'change'; source: CloneItem; target: CloneItem; values: CloneItemValues; fields: string[] }
  | { action: 'skip' | 'unchanged'; source: CloneItem; target?: CloneItem };

export type SubmenuAction =
  | { action: 'add'; source: CloneSubmenu; body: Record<string, unknown> }
  | { action: 'change'; source: CloneSubmenu; target: CloneSubmenu; body: Record<string, unknown> }
  | { action: 'skip' | 'unchanged'; source: CloneSubmenu; target?: CloneSubmenu };

/** The values an added or changed item gets (submenus are source ids; the server maps them). */
export type CloneItemValues = Omit<CloneItem, 'foodid' | 'submenus' | 'locked_field' | 'sequence'> & {
  sequence: number;
  locked_field: string[];
  submenus: string[];
};

export type ClonePlan = {
  categories: { add: CloneCategory[]; change: CloneCategory[]; unchanged: number; skip: number };
  items: ItemAction[];
  submenus: SubmenuAction[];
  conflicts: CloneConflict[];
};

export type CloneCounts = { add: number; change: number; skip: number; unchanged: number };

/** Names compared the way people read them: case, surrounding and repeated spaces ignored. */
export const cloneKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Lock names of the item editor (spec 001 §3.7 unit_manager) and the item fields each one protects. */
const LOCKS: Record<string, (keyof CloneItemValues)[]> = {
  price: ['price'],
  hideitem: ['hide_item'],
  hide_item: ['hide_item'],
};
const LOCKED_DETAILS: Record<string, string[]> = {
  daysanddateavailable: ['daysavailable', 'available_dates'],
};

/** A stable text of a JSON value (object keys sorted), to tell whether two values are the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const samePrice = (a: string, b: string) => Number(a) === Number(b);

function groupByName<T>(list: T[], name: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of list) {
    const k = cloneKey(name(x));
    const g = m.get(k);
    if (g) g.push(x);
    else m.set(k, [x]);
  }
  return m;
}

/**
 * Rewrites the links of a stored submenu body (`extras[option].foodid`) from source food ids to target ones.
 * Returns the names of options whose linked item has no counterpart at the target.
 */
export function remapSubmenuBody(
  body: Record<string, unknown>,
  foodids: (sourceFoodid: string) => string | undefined,
): { body: Record<string, unknown>; unlinked: string[] } {
  const extras = (body.extras ?? {}) as Record<string, Record<string, unknown>>;
  const unlinked: string[] = [];
  const next: Record<string, Record<string, unknown>> = {};
  for (const [option, x] of Object.entries(extras)) {
    if (x && typeof x.foodid === 'string' && x.foodid) {
      const mapped = foodids(x.foodid);
      if (!mapped) unlinked.push(option);
      next[option] = { ...x, foodid: mapped ?? x.foodid };
    } else next[option] = x;
  }
  return { body: { ...body, extras: next }, unlinked };
}

/** The food ids a stored submenu body links (for `linked_foodids` / `all_linked`). */
export function submenuLinks(body: Record<string, unknown>): { linked: string[]; allLinked: boolean; count: number } {
  const list = Array.isArray(body.list) ? (body.list as string[]) : [];
  const extras = (body.extras ?? {}) as Record<string, { foodid?: string } | undefined>;
  const linked = list.map((o) => extras[o]?.foodid).filter((f): f is string => !!f);
  return { linked, allLinked: list.length > 0 && linked.length === list.length, count: list.length };
}

/**
 * What cloning `source` into `target` would do. Pure: the preview and the job call it with the same menus and
 * get the same plan. Submenu actions come first in the job (items name the submenus they connect to).
 */
export function planClone(source: CloneMenu, target: CloneMenu, mode: CloneMode, include: CloneInclude): ClonePlan {
  const conflicts: CloneConflict[] = [];
  const overwrite = mode === 'overwrite';

  // Categories: added when missing; with overwrite, their order follows the source.
  const categories: ClonePlan['categories'] = { add: [], change: [], unchanged: 0, skip: 0 };
  if (include.items) {
    const targetCats = new Map(target.categories.map((c) => [cloneKey(c.name), c]));
    for (const c of source.categories) {
      const t = targetCats.get(cloneKey(c.name));
      if (!t) categories.add.push(c);
      else if (!overwrite) categories.skip += 1;
      else if (t.sequence !== c.sequence) categories.change.push({ name: t.name, sequence: c.sequence });
      else categories.unchanged += 1;
    }
  }

  // Items are matched by name; a name held by several items on either side cannot be matched safely.
  const targetItems = groupByName(target.items, (i) => i.foodname);
  const sourceItems = groupByName(source.items, (i) => i.foodname);
  const mapped = new Map<string, string>();
  const matchOf = new Map<string, CloneItem | null>();
  for (const [k, group] of sourceItems) {
    const there = targetItems.get(k) ?? [];
    if (group.length === 1 && there.length === 1) {
      matchOf.set(group[0]!.foodid, there[0]!);
      mapped.set(group[0]!.foodid, there[0]!.foodid);
    } else if (there.length === 0) {
      for (const s of group) matchOf.set(s.foodid, null);
    } else {
      for (const s of group) matchOf.set(s.foodid, undefined as never);
      conflicts.push({
        kind: 'ambiguous_item',
        name: group[0]!.foodname,
        message: `"${group[0]!.foodname}" is the name of ${group.length} item(s) here and ${there.length} there: left alone`,
      });
    }
  }

  // Submenus, by title; options that link items are pointed at the target's item of the same name.
  const submenuActions: SubmenuAction[] = [];
  const submenuOk = new Set<string>();
  if (include.submenus) {
    const targetSubs = new Map(target.submenus.map((s) => [cloneKey(s.title), s]));
    const willExist = (foodid: string) =>
      mapped.get(foodid) ?? (include.items && matchOf.get(foodid) === null ? `new:${foodid}` : undefined);
    for (const s of source.submenus) {
      const t = targetSubs.get(cloneKey(s.title));
      if (t && !overwrite) {
        submenuActions.push({ action: 'skip', source: s, target: t });
        submenuOk.add(s.submenuid);
        continue;
      }
      const { body, unlinked } = remapSubmenuBody(s.body, willExist);
      if (unlinked.length > 0) {
        conflicts.push({
          kind: 'unlinked_option',
          name: s.title,
          message: `Submenu "${s.title}": option(s) ${unlinked.map((o) => `"${o}"`).join(', ')} link items that will not be there: left alone`,
        });
        submenuActions.push({ action: 'skip', source: s, ...(t ? { target: t } : {}) });
        if (t) submenuOk.add(s.submenuid);
        continue;
      }
      submenuOk.add(s.submenuid);
      if (!t) submenuActions.push({ action: 'add', source: s, body });
      else if (stableJson(t.body) === stableJson(body))
        submenuActions.push({ action: 'unchanged', source: s, target: t });
      else submenuActions.push({ action: 'change', source: s, target: t, body });
    }
  }
  const targetSubsByTitle = new Map(target.submenus.map((s) => [cloneKey(s.title), s.submenuid]));
  const sourceSubTitle = new Map(source.submenus.map((s) => [s.submenuid, cloneKey(s.title)]));
  const targetSubTitle = new Map(target.submenus.map((s) => [s.submenuid, cloneKey(s.title)]));
  /** Connections of an item at the target: kept as they are when submenus are not cloned. */
  const connectionsOf = (s: CloneItem, t: CloneItem | undefined) =>
    include.submenus
      ? s.submenus.filter((id) => submenuOk.has(id) || targetSubsByTitle.has(sourceSubTitle.get(id) ?? ''))
      : (t?.submenus ?? []);

  const items: ItemAction[] = [];
  if (include.items) {
    const maxSequence = Math.max(0, ...target.items.map((i) => i.sequence));
    let nextSequence = maxSequence;
    for (const s of source.items) {
      const m = matchOf.get(s.foodid);
      if (m === undefined) {
        items.push({ action: 'skip', source: s });
        continue;
      }
      if (m === null) {
        nextSequence += 1;
        items.push({
          action: 'add',
          source: s,
          values: {
            foodname: s.foodname,
            price: s.price,
            listofcategories: s.listofcategories,
            vegflag: s.vegflag,
            hide_item: s.hide_item,
            imageurl: include.images ? s.imageurl : '',
            short_name: s.short_name,
            extras: s.extras,
            details: s.details,
            locked_field: [],
            sequence: nextSequence,
            submenus: connectionsOf(s, undefined),
          },
        });
        continue;
      }
      if (!overwrite) {
        items.push({ action: 'skip', source: s, target: m });
        continue;
      }
      const locked = new Set(m.locked_field);
      const values: CloneItemValues = {
        foodname: m.foodname,
        price: include.prices ? s.price : m.price,
        listofcategories: s.listofcategories,
        vegflag: s.vegflag,
        hide_item: s.hide_item,
        imageurl: include.images ? s.imageurl : m.imageurl,
        short_name: s.short_name,
        extras: s.extras,
        details: { ...s.details },
        locked_field: m.locked_field,
        sequence: m.sequence,
        submenus: connectionsOf(s, m),
      };
      const kept: string[] = [];
      for (const lock of locked) {
        for (const f of LOCKS[lock] ?? []) {
          if (stableJson(values[f]) !== stableJson(m[f as keyof CloneItem])) kept.push(f);
          (values as Record<string, unknown>)[f] = m[f as keyof CloneItem];
        }
        for (const d of LOCKED_DETAILS[lock] ?? []) {
          if (stableJson(values.details[d]) !== stableJson(m.details[d])) kept.push(d);
          if (d in m.details) values.details[d] = m.details[d];
          else delete values.details[d];
        }
      }
      if (kept.length > 0) {
        conflicts.push({
          kind: 'locked_field',
          name: m.foodname,
          message: `"${m.foodname}": ${kept.join(', ')} locked there: kept as it is`,
        });
      }
      const fields = changedFields(values, m);
      if (include.submenus) {
        const titles = (ids: string[], names: Map<string, string>) => ids.map((id) => names.get(id) ?? id).join('|');
        if (titles(values.submenus, sourceSubTitle) !== titles(m.submenus, targetSubTitle)) fields.push('submenus');
      }
      if (fields.length === 0) items.push({ action: 'unchanged', source: s, target: m });
      else items.push({ action: 'change', source: s, target: m, values, fields });
    }
  }
  return { categories, items, submenus: submenuActions, conflicts };
}

const COMPARED: (keyof CloneItemValues)[] = [
  'price',
  'listofcategories',
  'vegflag',
  'hide_item',
  'imageurl',
  'short_name',
  'extras',
  'details',
];

function changedFields(values: CloneItemValues, target: CloneItem): string[] {
  const out: string[] = [];
  for (const f of COMPARED) {
    const a = values[f];
    const b = target[f as keyof CloneItem];
    if (f === 'price' ? !samePrice(String(a), String(b)) : stableJson(a) !== stableJson(b)) out.push(f);
  }
  return out;
}

/** The counts a preview and a report show. */
export function planCounts(plan: ClonePlan): { items: CloneCounts; submenus: CloneCounts; categories: CloneCounts } {
  const count = (list: { action: string }[]): CloneCounts => ({
    add: list.filter((x) => x.action === 'add').length,
    change: list.filter((x) => x.action === 'change').length,
    skip: list.filter((x) => x.action === 'skip').length,
    unchanged: list.filter((x) => x.action === 'unchanged').length,
  });
  return {
    items: count(plan.items),
    submenus: count(plan.submenus),
    categories: {
      add: plan.categories.add.length,
      change: plan.categories.change.length,
      skip: plan.categories.skip,
      unchanged: plan.categories.unchanged,
    },
  };
}

/** Whether applying the plan changes anything at all. */
export const planChanges = (plan: ClonePlan) =>
  plan.categories.add.length + plan.categories.change.length > 0 ||
  plan.items.some((i) => i.action === 'add' || i.action === 'change') ||
  plan.submenus.some((s) => s.action === 'add' || s.action === 'change');
