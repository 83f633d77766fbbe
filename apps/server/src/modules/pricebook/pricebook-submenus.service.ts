import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  fromPricebookSubmenu,
  normaliseOption,
  validateSubmenuSave,
  type PricebookSubmenu,
  type PricebookSubmenuView,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { pricebookFoodItems, pricebookSubmenus } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { Actor } from '../menu/menu-access.js';
import { ruleFailure } from '../menu/rule-errors.js';
import { loadPath } from './pricebook.service.js';

type Row = typeof pricebookSubmenus.$inferSelect;

export const newPricebookSubmenuId = () => `pbsm_${crypto.randomBytes(8).toString('hex')}`;

function toView(r: Row): PricebookSubmenuView {
  return {
    ...(r.body as PricebookSubmenu),
    submenuid: r.submenuid,
    version: r.version,
    updated_at: r.updated_at.toISOString(),
    updated_by: r.updated_by,
  };
}

const split = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
/** `Drinks, cold ,drinks` → ['drinks', 'cold']: what tagsearch matches (lowercased, via the GIN index). */
export const tagList = (tags: string) => [...new Set(split(tags).map((t) => t.toLowerCase()))];

const exists = (name: string) =>
  new AppError(409, 'pricebookSubmenuExists', `A submenu named ${name} already exists on this path`, {
    field: 'submenuname',
  });

/** Price-book submenus (spec 001 §3.8): per path, with tags; the submenu editor in price-book mode. */
export class PricebookSubmenusService {
  constructor(private readonly db: Db) {}

  async list(pathId: number): Promise<PricebookSubmenuView[]> {
    await loadPath(this.db, pathId);
    const rows = await this.db
      .select()
      .from(pricebookSubmenus)
      .where(eq(pricebookSubmenus.path, pathId))
      .orderBy(asc(sql`lower(${pricebookSubmenus.submenuname})`));
    return rows.map(toView);
  }

  /** Submenus carrying any of the tags (comma-separated, case-insensitive), optionally on one path. */
  async tagSearch(tags: string, pathId?: number): Promise<PricebookSubmenuView[]> {
    const wanted = tagList(tags);
    if (wanted.length === 0) throw badRequest('invalidRequest', 'tags: name at least one tag', { field: 'tags' });
    const any = sql.join(
      wanted.map((t) => sql`${t}`),
      sql`, `,
    );
    const where: SQL[] = [sql`${pricebookSubmenus.tags} ?| array[${any}]::text[]`];
    if (pathId !== undefined) where.push(eq(pricebookSubmenus.path, pathId));
    const rows = await this.db
      .select()
      .from(pricebookSubmenus)
      .where(and(...where))
      .orderBy(asc(sql`lower(${pricebookSubmenus.submenuname})`));
    return rows.map(toView);
  }

  /**
   * The editor's rules (validateSubmenuSave in price-book mode) plus the database's: the path exists, and each
   * linked sub-item is a price-book item of that path enabled as a submenu (what the editor's search keeps).
   * Answers the payload as stored: names trimmed, sub-items in sequence order numbered 0…n-1.
   */
  private async check(data: PricebookSubmenu, submenuid: string): Promise<PricebookSubmenu> {
    await loadPath(this.db, data.path);
    const parsed = fromPricebookSubmenu({ ...data, submenuname: data.submenuname.trim() });
    const rule = validateSubmenuSave(parsed.form, parsed.options.map(normaliseOption), { mode: 'pricebook' });
    if (rule) throw ruleFailure([rule]);
    const linked = [...new Set(data.subitems.map((s) => s.foodid).filter(Boolean))];
    const found = linked.length
      ? await this.db
          .select({ foodid: pricebookFoodItems.foodid, enabled: pricebookFoodItems.enable_as_submenu })
          .from(pricebookFoodItems)
          .where(and(eq(pricebookFoodItems.path, data.path), inArray(pricebookFoodItems.foodid, linked)))
      : [];
    const enabled = new Map(found.map((f) => [f.foodid, f.enabled]));
    for (const s of data.subitems) {
      if (!s.foodid) continue;
      if (!enabled.has(s.foodid) || (s.path !== null && s.path !== data.path)) {
        throw new AppError(
          400,
          'unknownPricebookItem',
          `${s.subitemname} links ${s.foodid}, not an item of this path`,
          {
            field: 'subitems',
          },
        );
      }
      if (!enabled.get(s.foodid)) {
        throw new AppError(400, 'optionItemNotSubmenu', `${s.subitemname} is not enabled as a submenu item`, {
          field: 'subitems',
        });
      }
    }
    const subitems = [...data.subitems]
      .sort((a, b) => a.sequence - b.sequence)
      .map((s, sequence) => ({
        ...s,
        submenuid,
        subitemname: s.subitemname.trim(),
        sequence,
        id: s.id ?? sequence + 1,
      }));
    return { ...data, submenuid, submenuname: data.submenuname.trim(), tags: split(data.tags).join(','), subitems };
  }

  async create(data: PricebookSubmenu, actor: Actor): Promise<PricebookSubmenuView> {
    const submenuid = newPricebookSubmenuId();
    const body = await this.check(data, submenuid);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pricebookSubmenus)
          .values({
            submenuid,
            path: body.path,
            submenuname: body.submenuname,
            tags: tagList(body.tags),
            body,
            updated_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'pricebook_submenu',
          entityId: submenuid,
          after: row,
          ip: actor.ip,
        });
        return toView(row!);
      });
    } catch (err) {
      if (uniqueViolation(err)) throw exists(body.submenuname);
      throw err;
    }
  }

  private async load(submenuid: string): Promise<Row> {
    const [row] = await this.db.select().from(pricebookSubmenus).where(eq(pricebookSubmenus.submenuid, submenuid));
    if (!row) throw notFound('submenuNotFound', `Price-book submenu ${submenuid} does not exist`);
    return row;
  }

  /** What a versioned write of a price-book submenu names (lib/versioned.ts). */
  private versioned(submenuid: string, version: number, before: Row, actor: Actor) {
    return {
      table: pricebookSubmenus,
      where: eq(pricebookSubmenus.submenuid, submenuid),
      version,
      actor,
      entity: 'pricebook_submenu',
      entityId: submenuid,
      what: `Submenu ${before.submenuname}`,
      before,
      missing: () => notFound('submenuNotFound', `Price-book submenu ${submenuid} does not exist`),
    };
  }

  async update(
    submenuid: string,
    data: PricebookSubmenu,
    version: number,
    actor: Actor,
  ): Promise<PricebookSubmenuView> {
    const before = await this.load(submenuid);
    const body = await this.check(data, submenuid);
    try {
      const row = await this.db.transaction((tx) =>
        updateVersioned(tx, {
          ...this.versioned(submenuid, version, before, actor),
          set: { path: body.path, submenuname: body.submenuname, tags: tagList(body.tags), body },
        }),
      );
      return toView(row);
    } catch (err) {
      if (uniqueViolation(err)) throw exists(body.submenuname);
      throw err;
    }
  }

  async remove(submenuid: string, version: number, actor: Actor): Promise<void> {
    const before = await this.load(submenuid);
    await this.db.transaction((tx) => deleteVersioned(tx, this.versioned(submenuid, version, before, actor)));
  }
}
