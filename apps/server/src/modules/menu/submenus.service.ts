import crypto from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fromStoredSubmenu,
  isLinkedSubmenu,
  normaliseOption,
  toStoredSubmenu,
  validateSubmenuSave,
  type StoredSubmenu,
  type SubmenuSummary,
  type SubmenuView,
  type submenuSaveBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodItemSubmenus, submenus, type SubmenuRow, type UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { assertMayManage } from './categories.service.js';
import { loadMenuRestaurant, type Actor } from './menu-access.js';
import { touchMenu } from './menu-cache.js';
import { submenuSummaryColumns, toSubmenuSummary } from './menu-read.js';
import { ruleFailure } from './rule-errors.js';
import { applyConnections, bumpItems, planConnections } from './submenu-connections.js';

type SaveBody = z.output<typeof submenuSaveBody>;

export const newSubmenuId = () => `sm_${crypto.randomBytes(8).toString('hex')}`;

function toView(row: SubmenuRow, connected: string[]): SubmenuView {
  return {
    ...(row.body as StoredSubmenu),
    submenuid: row.submenuid,
    restaurant: row.restaurant,
    title: row.title,
    connected_items: connected,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** The stored form (§3.6) rebuilt from the editor's form and options, so list, options and extras agree. */
function normalisedBody(
  body: StoredSubmenu,
  form: Parameters<typeof toStoredSubmenu>[0],
  options: Parameters<typeof toStoredSubmenu>[1],
) {
  const stored = toStoredSubmenu(form, options);
  if (body.attributes.addonPrice !== undefined) stored.attributes.addonPrice = body.attributes.addonPrice;
  return stored;
}

/** What a versioned write of a submenu names (lib/versioned.ts). */
const versioned = (before: SubmenuRow, version: number, actor: Actor) => ({
  table: submenus,
  where: eq(submenus.submenuid, before.submenuid),
  version,
  actor,
  entity: 'submenu',
  entityId: before.submenuid,
  what: `Submenu ${before.title}`,
  before,
  missing: () => notFound('submenuNotFound', `Submenu ${before.submenuid} does not exist`),
});

/** Menu-mode submenus (spec 001 §2.4, §3.6, §4.3, §5.3) and their connections to menu items. */
export class SubmenusService {
  constructor(private readonly db: Db) {}

  async list(restaurantId: string, user: UserRow): Promise<SubmenuSummary[]> {
    const restaurant = await loadMenuRestaurant(this.db, restaurantId, user);
    // Written out in full: drizzle leaves column names unqualified, which inside the subquery would compare the
    // link table's column with itself.
    const connected = sql<number>`(select count(*)::int from food_item_submenus l where l.submenuid = "submenus"."submenuid")`;
    const rows = await this.db
      .select({ ...submenuSummaryColumns, connected })
      .from(submenus)
      .where(eq(submenus.restaurant, restaurant.restaurant))
      .orderBy(asc(submenus.title));
    return rows.map(({ connected: n, ...r }) => toSubmenuSummary(r, n));
  }

  private async load(submenuid: string, user: UserRow) {
    const [row] = await this.db.select().from(submenus).where(eq(submenus.submenuid, submenuid));
    if (!row) throw notFound('submenuNotFound', `Submenu ${submenuid} does not exist`);
    await loadMenuRestaurant(this.db, row.restaurant, user);
    return row;
  }

  private async connectedItems(submenuid: string): Promise<string[]> {
    const rows = await this.db
      .select({ foodid: foodItemSubmenus.foodid })
      .from(foodItemSubmenus)
      .where(eq(foodItemSubmenus.submenuid, submenuid))
      .orderBy(asc(foodItemSubmenus.foodid));
    return rows.map((r) => r.foodid);
  }

  async get(submenuid: string, user: UserRow): Promise<SubmenuView> {
    const row = await this.load(submenuid, user);
    return toView(row, await this.connectedItems(submenuid));
  }

  /** Create (submenuid null) or save a submenu with its connection diff; the rules of core decide first. */
  async save(submenuid: string | null, body: SaveBody, actor: Actor): Promise<SubmenuView> {
    assertMayManage(actor.user, 'submenu');
    const restaurant = await loadMenuRestaurant(this.db, body.restaurant, actor.user);
    let before: SubmenuRow | null = null;
    if (submenuid) {
      before = await this.load(submenuid, actor.user);
      if (before.restaurant !== restaurant.restaurant) {
        throw badRequest('restaurantMismatch', `Submenu ${submenuid} belongs to another restaurant`, {
          field: 'restaurant',
        });
      }
      if (body.version === undefined) {
        throw badRequest('invalidRequest', 'version: the version you edited is required', { field: 'version' });
      }
    }
    const title = body.title.trim();
    const parsed = fromStoredSubmenu(title, body.submenu);
    const options = parsed.options.map(normaliseOption);
    const form = { ...parsed.form, title };
    const allLinked = isLinkedSubmenu(options);
    const plan = await planConnections(this.db, restaurant.restaurant, submenuid, body.connections, options, allLinked);
    const rule = validateSubmenuSave(form, options, {
      mode: 'menu',
      connectedItemNames: plan.after.map((i) => i.foodname),
    });
    if (rule) throw ruleFailure([rule]);
    if (plan.problem) throw plan.problem;

    const stored = normalisedBody(body.submenu, form, options);
    const values = {
      title,
      body: stored as unknown as Record<string, unknown>,
      option_count: options.length,
      all_linked: allLinked,
      linked_foodids: [...new Set(options.map((o) => o.foodid).filter((id): id is string => !!id))],
      updated_by: actor.user.userid,
    };
    try {
      return await this.db.transaction(async (tx) => {
        // The connections and the menu stamp change with the submenu; the audit names what was connected.
        const connect = async (row: SubmenuRow) => {
          await applyConnections(tx, row.submenuid, plan, actor.user.userid);
          await touchMenu(tx, restaurant.restaurant);
          return { ...row, added_item_list: plan.added, removed_item_list: plan.removed };
        };
        let row: SubmenuRow;
        if (before) {
          row = await updateVersioned(tx, {
            ...versioned(before, body.version!, actor),
            set: values,
            auditAfter: connect,
          });
        } else {
          [row] = (await tx
            .insert(submenus)
            .values({ submenuid: newSubmenuId(), restaurant: restaurant.restaurant, ...values })
            .returning()) as [SubmenuRow];
          await audit(tx, {
            actor: actor.user.userid,
            action: 'create',
            entity: 'submenu',
            entityId: row.submenuid,
            before: null,
            after: await connect(row),
            ip: actor.ip,
          });
        }
        return toView(row, plan.after.map((i) => i.foodid).sort());
      });
    } catch (err) {
      if (uniqueViolation(err)) {
        throw new AppError(409, 'submenuExists', `A submenu titled ${title} already exists in this restaurant`, {
          field: 'title',
        });
      }
      throw err;
    }
  }

  /** Deletes a submenu; its connections go with it (the items' versions move on). */
  async remove(submenuid: string, version: number, actor: Actor): Promise<void> {
    assertMayManage(actor.user, 'submenu');
    const before = await this.load(submenuid, actor.user);
    const connected = await this.connectedItems(submenuid);
    await this.db.transaction(async (tx) => {
      await deleteVersioned(tx, {
        ...versioned(before, version, actor),
        auditBefore: { ...before, connected_items: connected },
      });
      await bumpItems(tx, connected, actor.user.userid);
      await touchMenu(tx, before.restaurant);
    });
  }
}
