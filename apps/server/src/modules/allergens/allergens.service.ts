import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_LIST_NAME_MAP,
  type ALLERGEN_SORT,
  type AllergenView,
  type ListNameMap,
  type ListNameMapResponse,
  type ListQuery,
  type allergenBody,
  type allergenExportQuery,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { allergens, foodItems } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import {
  exact,
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';

type Body = z.output<typeof allergenBody>;
type AllergenQuery = z.output<typeof allergenExportQuery> & Partial<ListQuery> & { counts?: 'true' | 'false' };
type Row = typeof allergens.$inferSelect;

/** Items (of every restaurant) whose allergens name each code. */
async function itemCounts(db: DbOrTx, code?: string): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    select a.code, count(*)::int as n
    from ${foodItems} f, jsonb_array_elements_text(coalesce(f.details->'allergens', '[]'::jsonb)) as a(code)
    ${code === undefined ? sql`` : sql`where f.details->'allergens' ? ${code}`}
    group by a.code`)) as unknown as { rows: { code: string; n: number }[] };
  return new Map(result.rows.map((r) => [r.code, Number(r.n)]));
}

const toView = (r: Row, counts: Map<string, number> | null): AllergenView => ({
  code: r.code,
  name: r.name,
  imageurl: r.imageurl,
  regulated: r.regulated,
  item_count: counts ? (counts.get(r.code) ?? 0) : null,
  version: r.version,
});

const ALLERGEN_LIST: ListSpec<(typeof ALLERGEN_SORT)[number]> = {
  sortable: {
    code: text(allergens.code),
    name: text(allergens.name),
    sequence: allergens.sequence,
    regulated: allergens.regulated,
  },
  defaultSort: [allergens.sequence],
  key: exact(allergens.code),
  search: [allergens.code, allergens.name],
};

const nameTaken = (name: string) =>
  new AppError(409, 'allergenExists', `An allergen named ${name} already exists`, { field: 'name' });

/**
 * The allergen catalogue (spec 000 §3): the 14 regulated allergens of EU/UK food law (added by the migration)
 * plus the client's own. Regulated ones and ones items still name cannot be deleted.
 */
export class AllergensService {
  constructor(private readonly db: Db) {}

  /** The catalogue in the query's order; item counts (which walk every item) only with `counts=true`. */
  async list(query: AllergenQuery, range = listRange(query)): Promise<ListPage<AllergenView>> {
    const cond = and(
      listSearch(ALLERGEN_LIST, query.search),
      query.regulated ? eq(allergens.regulated, query.regulated === 'true') : undefined,
    );
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(allergens)
          .where(cond)
          .orderBy(...listOrder(ALLERGEN_LIST, query))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(allergens)
        .where(cond),
    ]);
    const counts = query.counts === 'true' ? await itemCounts(this.db) : null;
    return { rows: rows.map((r) => toView(r, counts)), total: count?.n ?? 0 };
  }

  async listNameMap(): Promise<ListNameMapResponse> {
    const rows = await this.db
      .select({ code: allergens.code, name: allergens.name })
      .from(allergens)
      .orderBy(asc(allergens.sequence), asc(allergens.code));
    const m = DEFAULT_LIST_NAME_MAP;
    const lists: ListNameMap = {
      dietary_info: [...m.dietary_info],
      special_diet: [...m.special_diet],
      food_texture: [...m.food_texture],
      artificialSubstance: [...m.artificialSubstance],
      nutrients: [...m.nutrients],
    };
    return {
      result: 'success',
      data: {
        ...lists,
        allergens: Object.fromEntries(rows.map((r) => [r.code, r.name])),
      },
    };
  }

  /** Names are unique case-insensitively (two "Milk" entries would confuse every menu). */
  private async assertNameFree(db: DbOrTx, name: string, except?: string) {
    const [other] = await db
      .select({ code: allergens.code })
      .from(allergens)
      .where(sql`lower(${allergens.name}) = ${name.toLowerCase()}`);
    if (other && other.code !== except) throw nameTaken(name);
  }

  async create(body: Body, actor: Actor): Promise<AllergenView> {
    try {
      return await this.db.transaction(async (tx) => {
        const [byCode] = await tx.select().from(allergens).where(eq(allergens.code, body.code));
        if (byCode) throw new AppError(409, 'allergenExists', `Allergen code ${body.code} is taken`, { field: 'code' });
        await this.assertNameFree(tx, body.name);
        const [seq] = await tx
          .select({ next: sql<number>`coalesce(max(${allergens.sequence}), -1)::int + 1` })
          .from(allergens);
        const [row] = await tx
          .insert(allergens)
          .values({
            code: body.code,
            name: body.name,
            imageurl: body.imageurl,
            regulated: false,
            sequence: seq?.next ?? 0,
            updated_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'allergen',
          entityId: body.code,
          after: row,
          ip: actor.ip,
        });
        return toView(row!, new Map());
      });
    } catch (err) {
      if (uniqueViolation(err))
        throw new AppError(409, 'allergenExists', `Allergen code ${body.code} is taken`, { field: 'code' });
      throw err;
    }
  }

  private async load(db: DbOrTx, code: string): Promise<Row> {
    const [row] = await db.select().from(allergens).where(eq(allergens.code, code));
    if (!row) throw notFound('allergenNotFound', `Allergen ${code} does not exist`);
    return row;
  }

  /** Name and image; the code is the allergen's identity and does not change. */
  async update(code: string, body: Body, actor: Actor): Promise<AllergenView> {
    if (body.version === undefined)
      throw badRequest('invalidRequest', 'version: the version you edited is required', { field: 'version' });
    if (body.code !== code) throw badRequest('codeFixed', 'The allergen code cannot change', { field: 'code' });
    return this.db.transaction(async (tx) => {
      const before = await this.load(tx, code);
      await this.assertNameFree(tx, body.name, code);
      const row = await updateVersioned(tx, {
        table: allergens,
        where: eq(allergens.code, code),
        version: body.version!,
        set: { name: body.name, imageurl: body.imageurl },
        actor,
        entity: 'allergen',
        entityId: code,
        what: `Allergen ${before.name}`,
        before,
      });
      return toView(row, await itemCounts(tx, code));
    });
  }

  async remove(code: string, version: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.load(tx, code);
      if (before.regulated) {
        throw new AppError(
          409,
          'allergenRegulated',
          `${before.name} is one of the 14 allergens the law requires and cannot be deleted`,
        );
      }
      if (before.version !== version) throw versionConflict(`Allergen ${before.name}`, before);
      const used = (await itemCounts(tx, code)).get(code) ?? 0;
      if (used > 0) {
        throw new AppError(
          409,
          'allergenInUse',
          `${used} item${used === 1 ? '' : 's'} still declare${used === 1 ? 's' : ''} ${before.name}`,
          {
            item_count: used,
          },
        );
      }
      await deleteVersioned(tx, {
        table: allergens,
        where: eq(allergens.code, code),
        version,
        actor,
        entity: 'allergen',
        entityId: code,
        what: `Allergen ${before.name}`,
        before,
      });
    });
  }
}
