import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  canAccessPage,
  MENU_CHANGE_FIELDS,
  MENU_CHANGE_OPEN,
  sameMenuValue,
  type FoodItemFields,
  type ListQuery,
  type MENU_CHANGE_SORT,
  type MenuChangeEntry,
  type MenuChangeField,
  type MenuChangePreview,
  type MenuChangeReport,
  type MenuChangeSet,
  type MenuChangeSetBody,
  type MenuChangeStatus,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  foodItems,
  menuChangeSets,
  restaurants,
  users,
  type FoodItemRow,
  type MenuChangeSetRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { deleteVersioned, insertAudited, updateVersioned } from '../../lib/versioned.js';
import { checkItem } from './item-checks.js';
import { assertItemChangeAllowed } from './item-permissions.js';
import { toItemFields, toItemRowValues } from './item.mapping.js';
import { submenuLinks } from './items.service.js';
import { loadMenuRestaurant } from './menu-access.js';
import { touchMenu } from './menu-cache.js';

type Values = MenuChangeEntry['values'];

const LIST: ListSpec<(typeof MENU_CHANGE_SORT)[number]> = {
  sortable: {
    name: text(menuChangeSets.name),
    status: menuChangeSets.status,
    publish_at: menuChangeSets.publish_at,
    updated_at: menuChangeSets.updated_at,
  },
  // Open sets first by their time (drafts last among them), then the ended ones, newest first.
  defaultSort: [
    sql`case when ${menuChangeSets.status} in ('draft', 'scheduled', 'failed') then 0 else 1 end`,
    sql`coalesce(${menuChangeSets.publish_at}, 'infinity'::timestamptz)`,
    sql`-extract(epoch from ${menuChangeSets.updated_at})`,
  ],
  key: menuChangeSets.id,
  search: [menuChangeSets.name],
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

function view(row: MenuChangeSetRow, restaurantName: string | null): MenuChangeSet {
  return {
    id: row.id,
    restaurant: row.restaurant,
    restaurant_name: restaurantName ?? row.restaurant,
    name: row.name,
    status: row.status as MenuChangeStatus,
    publish_at: iso(row.publish_at),
    entries: row.entries,
    entry_count: row.entries.length,
    published_at: iso(row.published_at),
    report: row.report ?? null,
    created_by: row.created_by,
    version: row.version,
    updated_by: row.updated_by,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The changed fields of an edit, in the order of MENU_CHANGE_FIELDS. */
const fieldsOf = (values: Values): MenuChangeField[] => MENU_CHANGE_FIELDS.filter((f) => values[f] !== undefined);
/** An item's live value of a change-set field. */
const liveOf = (fields: FoodItemFields, field: MenuChangeField): unknown => fields[field];

const changeNotFound = (id: number) => notFound('menuChangeNotFound', `Scheduled change ${id} does not exist`);

/** What a publish decides for one edit against the live item (also the preview's judgement). */
type Judged = {
  entry: MenuChangeEntry;
  row: FoodItemRow | undefined;
  live: FoodItemFields | null;
  /** The fields to write: unchanged live since the edit, and still different from the edit. */
  apply: Partial<Record<MenuChangeField, unknown>>;
  conflicts: { field: MenuChangeField; live: unknown; base: unknown; draft: unknown }[];
};

async function judge(db: DbOrTx, restaurant: string, entries: MenuChangeEntry[], lock: boolean): Promise<Judged[]> {
  const ids = entries.map((e) => e.foodid);
  const query = db
    .select()
    .from(foodItems)
    .where(and(eq(foodItems.restaurant, restaurant), inArray(foodItems.foodid, ids.length ? ids : [''])));
  const rows = lock ? await query.for('update') : await query;
  const byId = new Map(rows.map((r) => [r.foodid, r]));
  const links = await submenuLinks(
    db,
    rows.map((r) => r.foodid),
  );
  return entries.map((entry) => {
    const row = byId.get(entry.foodid);
    if (!row) return { entry, row, live: null, apply: {}, conflicts: [] };
    const live = toItemFields(row, links.get(row.foodid) ?? []);
    const apply: Judged['apply'] = {};
    const conflicts: Judged['conflicts'] = [];
    for (const field of fieldsOf(entry.values)) {
      const now = liveOf(live, field);
      const draft = entry.values[field];
      if (sameMenuValue(field, now, draft)) continue; // already as the edit wants it
      if (!sameMenuValue(field, now, entry.base[field]))
        conflicts.push({ field, live: now, base: entry.base[field], draft });
      else apply[field] = draft;
    }
    return { entry, row, live, apply, conflicts };
  });
}

/**
 * Scheduled menu changes (issue 36 point 3): sets of item edits kept as drafts, previewed against the live menu,
 * published at their time by the job processes (publishDue) or now, in one transaction with a report. A field
 * changed live since its edit was made is a conflict: shown by the preview, left as it is by the publish.
 */
export class MenuChangesService {
  constructor(private readonly db: Db) {}

  async list(
    query: Partial<ListQuery> & { search?: string; restaurant?: string; status?: MenuChangeStatus },
    actor: Actor,
  ): Promise<ListPage<MenuChangeSet>> {
    if (query.restaurant) await loadMenuRestaurant(this.db, query.restaurant, actor.user);
    const cond = and(
      listSearch(LIST, query.search),
      query.restaurant ? eq(menuChangeSets.restaurant, query.restaurant) : undefined,
      query.status ? eq(menuChangeSets.status, query.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({ c: menuChangeSets, name: restaurants.name })
          .from(menuChangeSets)
          .leftJoin(restaurants, eq(restaurants.restaurant, menuChangeSets.restaurant))
          .where(cond)
          .orderBy(...listOrder(LIST, { order: 'asc', ...query }))
          .$dynamic(),
        listRange(query, 25),
      ),
      this.db.select({ n: count() }).from(menuChangeSets).where(cond),
    ]);
    return { rows: rows.map((r) => view(r.c, r.name)), total: total?.n ?? 0 };
  }

  /** The set, when the caller may work on its restaurant (row-level security hides other clients' sets: 404). */
  private async row(db: DbOrTx, id: number, actor: Actor) {
    const [row] = await db.select().from(menuChangeSets).where(eq(menuChangeSets.id, id));
    if (!row) throw changeNotFound(id);
    const restaurant = await loadMenuRestaurant(db, row.restaurant, actor.user);
    return { row, restaurant };
  }

  async get(id: number, actor: Actor): Promise<MenuChangeSet> {
    const { row, restaurant } = await this.row(this.db, id, actor);
    return view(row, restaurant.name);
  }

  /**
   * The entries to store: each edit checked against its live item (on this restaurant, the item's rules with the
   * edit applied, the caller's field permissions and a unit manager's locks), with its base — the live values it is
   * made against. An edit saved again unchanged keeps the base it had (so a live change since stays a conflict);
   * a changed value, a new field, or `keep_mine` takes the live value now.
   */
  private async entries(restaurant: string, body: MenuChangeSetBody, before: MenuChangeEntry[], actor: Actor) {
    const ids = body.entries.map((e) => e.foodid);
    const rows = await this.db
      .select()
      .from(foodItems)
      .where(and(eq(foodItems.restaurant, restaurant), inArray(foodItems.foodid, ids)));
    const byId = new Map(rows.map((r) => [r.foodid, r]));
    const links = await submenuLinks(this.db, ids);
    const earlier = new Map(before.map((e) => [e.foodid, e]));
    const now = new Date().toISOString();
    const out: MenuChangeEntry[] = [];
    for (const [i, e] of body.entries.entries()) {
      const row = byId.get(e.foodid);
      if (!row) {
        throw badRequest('itemNotOnMenu', `Item ${e.foodid} is not on this restaurant's menu`, {
          field: `entries.${i}.foodid`,
        });
      }
      const live = toItemFields(row, links.get(row.foodid) ?? []);
      const values = Object.fromEntries(fieldsOf(e.values).map((f) => [f, e.values[f]])) as Values;
      const changed = { ...live, ...values } as FoodItemFields;
      try {
        assertItemChangeAllowed(actor.user, live, changed);
        await checkItem(this.db, restaurant, changed);
      } catch (err) {
        if (err instanceof AppError) {
          throw new AppError(err.statusCode, err.code, `${row.foodname}: ${err.message}`, {
            field: `entries.${i}.values`,
          });
        }
        throw err;
      }
      const old = e.keep_mine ? undefined : earlier.get(e.foodid);
      const base: Values = {};
      let fresh = false;
      for (const f of fieldsOf(values)) {
        const kept = old && old.values[f] !== undefined && sameMenuValue(f, old.values[f], values[f]);
        if (kept) (base as Record<string, unknown>)[f] = old.base[f];
        else {
          (base as Record<string, unknown>)[f] = liveOf(live, f);
          fresh = true;
        }
      }
      out.push({
        foodid: e.foodid,
        foodname: old && !fresh ? old.foodname : row.foodname,
        values,
        base,
        base_at: old && !fresh ? old.base_at : now,
      });
    }
    return out;
  }

  private checkTime(body: MenuChangeSetBody) {
    if (body.publish_at && Date.parse(body.publish_at) < Date.now() - 60_000)
      throw badRequest('publishAtPast', 'Choose a time from now on, or publish it now', { field: 'publish_at' });
  }

  async create(body: MenuChangeSetBody, actor: Actor): Promise<MenuChangeSet> {
    const restaurant = await loadMenuRestaurant(this.db, body.restaurant, actor.user);
    this.checkTime(body);
    const entries = await this.entries(restaurant.restaurant, body, [], actor);
    const row = await this.db.transaction((tx) =>
      insertAudited(tx, {
        table: menuChangeSets,
        values: {
          restaurant: restaurant.restaurant,
          name: body.name,
          status: body.publish_at ? 'scheduled' : 'draft',
          publish_at: body.publish_at ? new Date(body.publish_at) : null,
          entries,
          created_by: actor.user.userid,
        },
        actor,
        entity: 'menu_change_set',
      }),
    );
    return view(row, restaurant.name);
  }

  /** Only a set still open may change (a failed one becomes a draft or scheduled again). */
  private static open = sql`${menuChangeSets.status} in ('draft', 'scheduled', 'failed')`;

  private assertOpen(row: MenuChangeSetRow, doing: string) {
    if (!MENU_CHANGE_OPEN.includes(row.status as MenuChangeStatus))
      throw new AppError(409, 'menuChangeClosed', `Scheduled change ${row.name} is ${row.status}: it cannot ${doing}`);
  }

  private versioned(row: MenuChangeSetRow, version: number, actor: Actor) {
    return {
      table: menuChangeSets,
      where: and(eq(menuChangeSets.id, row.id), MenuChangesService.open)!,
      version,
      actor,
      entity: 'menu_change_set',
      entityId: String(row.id),
      what: `Scheduled change ${row.name}`,
      before: row,
    };
  }

  async update(id: number, body: MenuChangeSetBody, actor: Actor): Promise<MenuChangeSet> {
    const { row, restaurant } = await this.row(this.db, id, actor);
    if (body.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    if (body.restaurant !== row.restaurant)
      throw badRequest('restaurantFixed', 'A change stays with its restaurant: make a new one for another', {
        field: 'restaurant',
      });
    this.assertOpen(row, 'change');
    this.checkTime(body);
    const entries = await this.entries(restaurant.restaurant, body, row.entries, actor);
    const saved = await this.db.transaction((tx) =>
      updateVersioned(tx, {
        ...this.versioned(row, body.version!, actor),
        set: {
          name: body.name,
          status: body.publish_at ? 'scheduled' : 'draft',
          publish_at: body.publish_at ? new Date(body.publish_at) : null,
          entries,
          report: null,
        },
      }),
    );
    return view(saved, restaurant.name);
  }

  async cancel(id: number, version: number, actor: Actor): Promise<MenuChangeSet> {
    const { row, restaurant } = await this.row(this.db, id, actor);
    this.assertOpen(row, 'be cancelled');
    const saved = await this.db.transaction((tx) =>
      updateVersioned(tx, { ...this.versioned(row, version, actor), action: 'cancel', set: { status: 'cancelled' } }),
    );
    return view(saved, restaurant.name);
  }

  async remove(id: number, version: number, actor: Actor): Promise<void> {
    const { row } = await this.row(this.db, id, actor);
    if (row.status === 'published')
      throw new AppError(409, 'menuChangePublished', `Scheduled change ${row.name} was published: its report stays`);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        ...this.versioned(row, version, actor),
        where: and(eq(menuChangeSets.id, row.id), sql`${menuChangeSets.status} <> 'published'`)!,
      }),
    );
  }

  /** Each edit against its live item now: live, base, draft and conflict per field; the rules it would break. */
  async preview(id: number, actor: Actor): Promise<MenuChangePreview> {
    const { row } = await this.row(this.db, id, actor);
    const judged = await judge(this.db, row.restaurant, row.entries, false);
    let conflicts = 0;
    const entries = [];
    for (const j of judged) {
      const problems: string[] = [];
      if (j.live && Object.keys(j.apply).length) {
        try {
          await checkItem(this.db, row.restaurant, { ...j.live, ...j.apply } as FoodItemFields);
        } catch (err) {
          if (err instanceof AppError) problems.push(err.message);
          else throw err;
        }
      }
      conflicts += j.conflicts.length;
      entries.push({
        foodid: j.entry.foodid,
        foodname: j.row?.foodname ?? j.entry.foodname,
        exists: Boolean(j.row),
        fields: fieldsOf(j.entry.values).map((field) => ({
          field,
          live: j.live ? liveOf(j.live, field) : null,
          base: j.entry.base[field] ?? null,
          draft: j.entry.values[field],
          conflict: j.conflicts.some((c) => c.field === field),
        })),
        changed_by: j.row?.updated_by ?? null,
        changed_at: iso(j.row?.updated_at ?? null),
        problems,
      });
    }
    return { result: 'success', id: row.id, conflicts, entries };
  }

  /**
   * Publishes one set in the caller's transaction, as `actor`: the edits whose fields were not changed live since
   * are written (versioned and audited like an editor's save, so the menu history names the publisher), the menu
   * stamp moves, and the set ends published with its report. An edit that breaks an item rule or the publisher's
   * permissions throws (`refused`): the caller rolls the whole publish back — nothing of the set is half applied.
   */
  private async apply(tx: DbOrTx, row: MenuChangeSetRow, actor: Actor, trigger: 'schedule' | 'now') {
    const judged = await judge(tx, row.restaurant, row.entries, true);
    const items: MenuChangeReport['items'] = [];
    const refused: string[] = [];
    let applied = 0;
    for (const j of judged) {
      const base = { foodid: j.entry.foodid, foodname: j.row?.foodname ?? j.entry.foodname, conflicts: j.conflicts };
      if (!j.row || !j.live) {
        items.push({ ...base, outcome: 'missing', applied: [], message: 'The item was deleted since' });
        continue;
      }
      const fields = Object.keys(j.apply) as MenuChangeField[];
      if (fields.length === 0) {
        items.push({ ...base, outcome: j.conflicts.length ? 'conflict' : 'unchanged', applied: [] });
        continue;
      }
      const changed = { ...j.live, ...j.apply } as FoodItemFields;
      try {
        assertItemChangeAllowed(actor.user, j.live, changed);
        await checkItem(tx, row.restaurant, changed);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused.push(`${j.row.foodname}: ${err.message}`);
        items.push({ ...base, outcome: 'refused', applied: [], message: err.message });
        continue;
      }
      await updateVersioned(tx, {
        table: foodItems,
        where: eq(foodItems.foodid, j.row.foodid),
        version: j.row.version,
        actor,
        action: 'scheduled change',
        entity: 'food_item',
        entityId: j.row.foodid,
        what: `Menu item ${j.row.foodname}`,
        before: j.row,
        set: toItemRowValues(changed),
      });
      applied += 1;
      items.push({ ...base, outcome: j.conflicts.length ? 'partly' : 'applied', applied: fields });
    }
    const conflicts = items.reduce((n, i) => n + i.conflicts.length, 0);
    const counts = {
      applied,
      conflicts,
      missing: items.filter((i) => i.outcome === 'missing').length,
      refused: refused.length,
    };
    const report = (outcome: 'published' | 'failed', message: string): MenuChangeReport => ({
      outcome,
      at: new Date().toISOString(),
      trigger,
      by: actor.user.userid,
      message,
      counts,
      items,
    });
    if (refused.length) {
      throw new PublishRefused(report('failed', `Not published, nothing changed: ${refused.join('; ')}`));
    }
    const parts = [`${applied} item${applied === 1 ? '' : 's'} changed`];
    if (conflicts) parts.push(`${conflicts} change${conflicts === 1 ? '' : 's'} left as changed live since`);
    if (counts.missing) parts.push(`${counts.missing} item${counts.missing === 1 ? '' : 's'} deleted since`);
    const done = report('published', `Published: ${parts.join(', ')}`);
    if (applied) await touchMenu(tx, row.restaurant);
    const [saved] = await tx
      .update(menuChangeSets)
      .set({
        status: 'published',
        published_at: new Date(),
        report: done,
        updated_by: actor.user.userid,
        updated_at: new Date(),
        version: sql`${menuChangeSets.version} + 1`,
      })
      .where(eq(menuChangeSets.id, row.id))
      .returning();
    return saved!;
  }

  /** Publish now (a user's request): version-checked; refused edits answer 400 and change nothing. */
  async publishNow(id: number, version: number, actor: Actor): Promise<MenuChangeSet> {
    const { row: seen, restaurant } = await this.row(this.db, id, actor);
    this.assertOpen(seen, 'be published');
    try {
      const saved = await this.db.transaction(async (tx) => {
        // The row lock makes this and the job processes' publish of the same set take turns: the second sees it
        // published (or changed) and does nothing.
        const [row] = await tx
          .select()
          .from(menuChangeSets)
          .where(and(eq(menuChangeSets.id, id), MenuChangesService.open))
          .for('update');
        if (!row || row.version !== version) {
          const [now] = await tx.select().from(menuChangeSets).where(eq(menuChangeSets.id, id));
          throw new AppError(
            409,
            'conflict',
            `Scheduled change ${seen.name} was ${now?.status === 'published' ? 'published' : 'changed'} by ${now?.updated_by ?? 'someone'} since you opened it`,
          );
        }
        return this.apply(tx, row, actor, 'now');
      });
      return view(saved, restaurant.name);
    } catch (err) {
      if (err instanceof PublishRefused) throw badRequest('menuChangeRefused', err.report.message);
      throw err;
    }
  }

  /**
   * The job processes' round: every scheduled set whose time has come is published once, each in its own
   * transaction, as the user who scheduled it (the set's last saver; their permissions and sites now). A set whose
   * edits are refused, or whose scheduler may no longer change the menu, ends failed with its report and changes
   * nothing. Answers how many sets it handled.
   */
  async publishDue(log?: FastifyBaseLogger, now = new Date()): Promise<number> {
    const due = await this.db
      .select({ id: menuChangeSets.id })
      .from(menuChangeSets)
      .where(and(eq(menuChangeSets.status, 'scheduled'), sql`${menuChangeSets.publish_at} <= ${now.toISOString()}`))
      .orderBy(menuChangeSets.publish_at, menuChangeSets.id)
      .limit(50);
    let handled = 0;
    for (const { id } of due) {
      try {
        const outcome = await this.db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(menuChangeSets)
            .where(
              and(
                eq(menuChangeSets.id, id),
                eq(menuChangeSets.status, 'scheduled'),
                sql`${menuChangeSets.publish_at} <= ${now.toISOString()}`,
              ),
            )
            .for('update', { skipLocked: true });
          if (!row) return null; // cancelled, changed or published meanwhile
          const actor = await schedulerOf(tx, row);
          let failed: MenuChangeReport;
          if (typeof actor === 'string') {
            failed = {
              outcome: 'failed',
              at: new Date().toISOString(),
              trigger: 'schedule',
              by: row.updated_by ?? '',
              message: `Not published, nothing changed: ${actor}`,
              counts: { applied: 0, conflicts: 0, missing: 0, refused: 0 },
              items: [],
            };
          } else {
            try {
              // A savepoint: a refused edit undoes every item write of the set, and the set still ends failed.
              await tx.transaction((sp) => this.apply(sp, row, actor, 'schedule'));
              return 'published';
            } catch (err) {
              if (!(err instanceof PublishRefused)) throw err;
              failed = err.report;
            }
          }
          await tx
            .update(menuChangeSets)
            .set({
              status: 'failed',
              report: failed,
              updated_at: new Date(),
              version: sql`${menuChangeSets.version} + 1`,
            })
            .where(eq(menuChangeSets.id, id));
          log?.warn({ change: id, reason: failed.message }, 'scheduled menu change not published');
          return 'failed';
        });
        if (!outcome) continue;
        handled += 1;
        if (outcome === 'published') log?.info({ change: id }, 'scheduled menu change published');
      } catch (err) {
        // Left scheduled: the next round tries again (nothing of it was applied).
        log?.error({ err, change: id }, 'scheduled menu change: publish failed; it will be tried again');
      }
    }
    return handled;
  }
}

/** A publish refused by an edit: its report says which, and the transaction that carried it rolls back. */
class PublishRefused extends Error {
  constructor(readonly report: MenuChangeReport) {
    super(report.message);
  }
}

/** The user a scheduled set publishes as, or why they no longer may. */
async function schedulerOf(tx: DbOrTx, row: MenuChangeSetRow): Promise<Actor | string> {
  const userid = row.updated_by;
  const [user] = userid ? await tx.select().from(users).where(eq(users.userid, userid)) : [];
  if (!user) return `${userid ?? 'The user who scheduled it'} no longer exists`;
  if (user.status !== 'active') return `${userid} is no longer active`;
  if (!canAccessPage(user, 'editMenu')) return `${userid} may no longer edit menus`;
  try {
    await loadMenuRestaurant(tx, row.restaurant, user);
  } catch (err) {
    if (err instanceof AppError) return `${userid} may no longer work on this restaurant`;
    throw err;
  }
  return { user, ip: 'scheduled' };
}
