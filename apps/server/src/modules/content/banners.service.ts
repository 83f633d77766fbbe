import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  BANNER_EDIT_PERMISSION,
  programLive,
  type BANNER_PROGRAM_SORT,
  type BannerProgram,
  type BannerProgramBody,
  type ListQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { bannerPrograms, type BannerProgramRow, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { deleteVersioned, insertAudited, updateVersioned } from '../../lib/versioned.js';
import { checkContentSites, forSite, mayChange, visibleSites } from './content-common.js';
import { plainText } from './sanitize.js';

const LIST: ListSpec<(typeof BANNER_PROGRAM_SORT)[number]> = {
  sortable: {
    name: text(bannerPrograms.name),
    slot: bannerPrograms.slot,
    priority: bannerPrograms.priority,
    updated_at: bannerPrograms.updated_at,
  },
  defaultSort: [bannerPrograms.slot, sql`(-${bannerPrograms.priority})`, text(bannerPrograms.name)],
  key: bannerPrograms.id,
  search: [bannerPrograms.name],
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const programView = (p: BannerProgramRow, now = new Date()): BannerProgram => {
  const window = { status: p.status, starts_at: iso(p.starts_at), ends_at: iso(p.ends_at) };
  return {
    id: p.id,
    name: p.name,
    slot: p.slot as BannerProgram['slot'],
    foodcourts: p.foodcourts,
    channels: p.channels as BannerProgram['channels'],
    status: p.status as BannerProgram['status'],
    starts_at: window.starts_at,
    ends_at: window.ends_at,
    priority: p.priority,
    banners: p.banners,
    live: programLive(window, now),
    version: p.version,
    updated_by: p.updated_by,
    updated_at: p.updated_at.toISOString(),
  };
};

const mayEdit = (user: UserRow) => {
  if (!user.admin && !user.permissions.includes(BANNER_EDIT_PERMISSION))
    throw forbidden('Editing banner programs needs the banner_editProgramAccess permission');
};

/** /bannerPrograms (issue 19 point 6): banners per slot, site and channel, in order, in a window. */
export class BannersService {
  constructor(private readonly db: Db) {}

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { search?: string; slot?: string; status?: string; foodcourt?: string },
    range = listRange(query),
  ): Promise<ListPage<BannerProgram>> {
    const scope = await loadSiteScope(this.db, user);
    const cond = and(
      listSearch(LIST, query.search),
      query.slot ? eq(bannerPrograms.slot, query.slot) : undefined,
      query.status ? eq(bannerPrograms.status, query.status) : undefined,
      forSite(bannerPrograms.foodcourts, query.foodcourt),
      visibleSites(scope, bannerPrograms.foodcourts),
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(bannerPrograms)
          .where(cond)
          .orderBy(...listOrder(LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(bannerPrograms).where(cond),
    ]);
    const now = new Date();
    return { rows: rows.map((r) => programView(r, now)), total: total?.n ?? 0 };
  }

  async row(user: UserRow, id: number): Promise<BannerProgramRow> {
    const [p] = await this.db.select().from(bannerPrograms).where(eq(bannerPrograms.id, id));
    const scope = p && p.foodcourts.length ? await loadSiteScope(this.db, user) : null;
    if (!p || (scope && !scope.all && !p.foodcourts.every((f) => scope.foodcourts.has(f))))
      throw notFound('programNotFound', `Banner program ${id} does not exist`);
    return p;
  }

  private values(b: BannerProgramBody) {
    const name = plainText(b.name);
    if (!name) throw badRequest('nameRequired', 'Enter the program name', { field: 'name' });
    return {
      name,
      slot: b.slot,
      foodcourts: b.foodcourts,
      channels: b.channels,
      status: b.status,
      starts_at: b.starts_at ? new Date(b.starts_at) : null,
      ends_at: b.ends_at ? new Date(b.ends_at) : null,
      priority: b.priority,
      banners: b.banners.map((x) => ({
        ...x,
        alt: plainText(x.alt),
        link: x.link_type === 'url' ? x.link : x.link_type === 'none' ? '' : plainText(x.link),
      })),
    };
  }

  async create(b: BannerProgramBody, actor: Actor) {
    mayEdit(actor.user);
    await checkContentSites(this.db, actor.user, b.foodcourts);
    return this.db.transaction((tx) =>
      insertAudited(tx, { table: bannerPrograms, values: this.values(b), actor, entity: 'banner_program' }),
    );
  }

  async update(id: number, b: BannerProgramBody & { version: number }, actor: Actor) {
    mayEdit(actor.user);
    const before = await this.row(actor.user, id);
    mayChange(await checkContentSites(this.db, actor.user, b.foodcourts), before.foodcourts);
    return this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: bannerPrograms,
        where: eq(bannerPrograms.id, id),
        version: b.version,
        actor,
        entity: 'banner_program',
        entityId: String(id),
        what: 'This banner program',
        before,
        set: this.values(b),
      }),
    );
  }

  async remove(id: number, version: number, actor: Actor) {
    mayEdit(actor.user);
    const before = await this.row(actor.user, id);
    mayChange(await loadSiteScope(this.db, actor.user), before.foodcourts);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: bannerPrograms,
        where: eq(bannerPrograms.id, id),
        version,
        actor,
        entity: 'banner_program',
        entityId: String(id),
        what: 'This banner program',
        before,
      }),
    );
  }

  /** What a slot shows now: the banners of its live programs for the site and channel, by priority, in order. */
  async live(q: { foodcourt?: string; slot: string; channel?: string }) {
    const rows = await this.db
      .select()
      .from(bannerPrograms)
      .where(
        and(
          eq(bannerPrograms.slot, q.slot),
          eq(bannerPrograms.status, 'active'),
          sql`(${bannerPrograms.starts_at} is null or ${bannerPrograms.starts_at} <= now())`,
          sql`(${bannerPrograms.ends_at} is null or ${bannerPrograms.ends_at} > now())`,
          forSite(bannerPrograms.foodcourts, q.foodcourt) ?? sql`${bannerPrograms.foodcourts} = '[]'::jsonb`,
          q.channel ? sql`${bannerPrograms.channels} @> ${JSON.stringify([q.channel])}::jsonb` : undefined,
        ),
      )
      .orderBy(desc(bannerPrograms.priority), bannerPrograms.id);
    return rows.flatMap((p) => p.banners.map((b) => ({ program_id: p.id, ...b })));
  }
}
