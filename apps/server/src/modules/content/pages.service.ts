import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { HTML_PAGE_SORT, HtmlPage, HtmlPageBody, HtmlRevision, ListQuery } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { htmlPageRevisions, htmlPages, type HtmlPageRow, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { uniqueViolation } from '../../lib/db-errors.js';
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
import { loadSiteScope } from '../../lib/site-scope.js';
import { deleteVersioned, insertAudited, updateVersioned } from '../../lib/versioned.js';
import { checkContentSites, mayChange } from './content-common.js';
import { cleanPageHtml, plainText } from './sanitize.js';

const LIST: ListSpec<(typeof HTML_PAGE_SORT)[number]> = {
  sortable: {
    title: text(htmlPages.title),
    slug: text(htmlPages.slug),
    status: htmlPages.status,
    updated_at: htmlPages.updated_at,
  },
  defaultSort: [text(htmlPages.title)],
  key: htmlPages.id,
  search: [htmlPages.title, htmlPages.slug],
};

export const pageView = (p: HtmlPageRow): HtmlPage => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  foodcourt: p.foodcourt,
  client: p.client,
  html: p.html,
  status: p.status as HtmlPage['status'],
  changed: p.status === 'published' && (p.published_html !== p.html || p.published_title !== p.title),
  published_revision: p.published_revision,
  published_at: p.published_at?.toISOString() ?? null,
  revision: p.revision,
  version: p.version,
  updated_by: p.updated_by,
  updated_at: p.updated_at.toISOString(),
});

const sites = (p: { foodcourt: string | null }) => (p.foodcourt ? [p.foodcourt] : []);

/** /htmlmanager (issue 19 point 1): pages with a draft, revisions, publish and revert. */
export class HtmlPagesService {
  constructor(private readonly db: Db) {}

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { search?: string; status?: string; foodcourt?: string },
    range = listRange(query),
  ): Promise<ListPage<HtmlPage>> {
    const scope = await loadSiteScope(this.db, user);
    const cond = and(
      listSearch(LIST, query.search),
      query.status ? eq(htmlPages.status, query.status) : undefined,
      query.foodcourt ? or(eq(htmlPages.foodcourt, query.foodcourt), isNull(htmlPages.foodcourt)) : undefined,
      scope.all
        ? undefined
        : or(
            isNull(htmlPages.foodcourt),
            sql`${htmlPages.foodcourt} = any(${sql.param([...scope.foodcourts])}::text[])`,
          ),
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(htmlPages)
          .where(cond)
          .orderBy(...listOrder(LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(htmlPages).where(cond),
    ]);
    return { rows: rows.map(pageView), total: total?.n ?? 0 };
  }

  async row(user: UserRow, id: number, tx: DbOrTx = this.db): Promise<HtmlPageRow> {
    const [p] = await tx.select().from(htmlPages).where(eq(htmlPages.id, id));
    if (!p) throw notFound('pageNotFound', `Page ${id} does not exist`);
    if (p.foodcourt) {
      const scope = await loadSiteScope(this.db, user);
      if (!scope.foodcourts.has(p.foodcourt)) throw notFound('pageNotFound', `Page ${id} does not exist`);
    }
    return p;
  }

  private clean(b: HtmlPageBody) {
    return {
      title: plainText(b.title),
      slug: b.slug,
      foodcourt: b.foodcourt,
      client: b.client,
      html: cleanPageHtml(b.html),
    };
  }

  private slugTaken(e: unknown, slug: string): never {
    if (uniqueViolation(e))
      throw badRequest('slugTaken', `Another page already uses the address "${slug}" here`, { field: 'slug' });
    throw e;
  }

  private async addRevision(
    tx: DbOrTx,
    p: Pick<HtmlPageRow, 'id' | 'revision' | 'title' | 'html'>,
    kind: HtmlRevision['kind'],
    actor: Actor,
    note = '',
  ) {
    await tx.insert(htmlPageRevisions).values({
      page_id: p.id,
      revision: p.revision,
      title: p.title,
      html: p.html,
      kind,
      note,
      created_by: actor.user.userid,
    });
  }

  async create(b: HtmlPageBody, actor: Actor) {
    await checkContentSites(this.db, actor.user, sites(b), 'foodcourt');
    const values = this.clean(b);
    if (!values.title) throw badRequest('titleRequired', 'Enter the page title', { field: 'title' });
    try {
      return await this.db.transaction(async (tx) => {
        const row = await insertAudited(tx, {
          table: htmlPages,
          values: { ...values, status: 'draft', revision: 1 },
          actor,
          entity: 'html_page',
        });
        await this.addRevision(tx, row, 'saved', actor);
        return row;
      });
    } catch (e) {
      if (e instanceof AppError) throw e;
      this.slugTaken(e, b.slug);
    }
  }

  async update(id: number, b: HtmlPageBody & { version: number }, actor: Actor) {
    const before = await this.row(actor.user, id);
    const scope = await checkContentSites(this.db, actor.user, sites(b), 'foodcourt');
    mayChange(scope, sites(before));
    const values = this.clean(b);
    if (!values.title) throw badRequest('titleRequired', 'Enter the page title', { field: 'title' });
    try {
      return await this.db.transaction(async (tx) => {
        const row = await updateVersioned(tx, {
          table: htmlPages,
          where: eq(htmlPages.id, id),
          version: b.version,
          actor,
          entity: 'html_page',
          entityId: String(id),
          what: 'This page',
          before,
          set: { ...values, revision: sql`${htmlPages.revision} + 1` as unknown as number },
          auditAfter: (r) => ({ ...r, html: `${r.html.length} characters` }),
          auditBefore: { ...before, html: `${before.html.length} characters` },
        });
        await this.addRevision(tx, row, 'saved', actor);
        return row;
      });
    } catch (e) {
      if (e instanceof AppError) throw e;
      this.slugTaken(e, b.slug);
    }
  }

  async remove(id: number, version: number, actor: Actor) {
    const before = await this.row(actor.user, id);
    mayChange(await loadSiteScope(this.db, actor.user), sites(before));
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: htmlPages,
        where: eq(htmlPages.id, id),
        version,
        actor,
        entity: 'html_page',
        entityId: String(id),
        what: 'This page',
        before,
        auditBefore: { ...before, html: `${before.html.length} characters`, published_html: undefined },
      }),
    );
  }

  /** Publish: the draft as it is becomes what the apps read. */
  async publish(id: number, version: number, actor: Actor, publish: boolean) {
    const before = await this.row(actor.user, id);
    mayChange(await loadSiteScope(this.db, actor.user), sites(before));
    return this.db.transaction(async (tx) => {
      const row = await updateVersioned(tx, {
        table: htmlPages,
        where: eq(htmlPages.id, id),
        version,
        actor,
        action: publish ? 'publish' : 'unpublish',
        entity: 'html_page',
        entityId: String(id),
        what: 'This page',
        before,
        set: publish
          ? {
              status: 'published',
              published_title: before.title,
              published_html: before.html,
              published_revision: before.revision,
              published_at: new Date(),
            }
          : {
              status: 'draft',
              published_title: null,
              published_html: null,
              published_revision: null,
              published_at: null,
            },
        auditBefore: { status: before.status, published_revision: before.published_revision },
        auditAfter: (r) => ({ status: r.status, published_revision: r.published_revision }),
      });
      if (publish)
        await tx
          .update(htmlPageRevisions)
          .set({ kind: 'published' })
          .where(and(eq(htmlPageRevisions.page_id, id), eq(htmlPageRevisions.revision, before.revision)));
      return row;
    });
  }

  /** Revert: the draft becomes an earlier revision again, as a new revision (history is never rewritten). */
  async revert(id: number, revision: number, version: number, actor: Actor) {
    const before = await this.row(actor.user, id);
    mayChange(await loadSiteScope(this.db, actor.user), sites(before));
    const [old] = await this.db
      .select()
      .from(htmlPageRevisions)
      .where(and(eq(htmlPageRevisions.page_id, id), eq(htmlPageRevisions.revision, revision)));
    if (!old) throw notFound('revisionNotFound', `Revision ${revision} does not exist`);
    return this.db.transaction(async (tx) => {
      const row = await updateVersioned(tx, {
        table: htmlPages,
        where: eq(htmlPages.id, id),
        version,
        actor,
        action: 'revert',
        entity: 'html_page',
        entityId: String(id),
        what: 'This page',
        before,
        set: { title: old.title, html: old.html, revision: sql`${htmlPages.revision} + 1` as unknown as number },
        auditBefore: { revision: before.revision },
        auditAfter: (r) => ({ revision: r.revision, restored: revision }),
      });
      await this.addRevision(tx, row, 'reverted', actor, `Restored revision ${revision}`);
      return row;
    });
  }

  async revisions(user: UserRow, id: number): Promise<HtmlRevision[]> {
    await this.row(user, id);
    const rows = await this.db
      .select()
      .from(htmlPageRevisions)
      .where(eq(htmlPageRevisions.page_id, id))
      .orderBy(desc(htmlPageRevisions.revision))
      .limit(200);
    return rows.map((r) => ({
      revision: r.revision,
      title: r.title,
      html: r.html,
      kind: r.kind as HtmlRevision['kind'],
      note: r.note,
      created_by: r.created_by,
      created_at: r.created_at.toISOString(),
    }));
  }

  /** What an ordering app reads: the site's own published page, else the one for every site. */
  async published(slug: string, foodcourt: string | undefined) {
    const rows = await this.db
      .select()
      .from(htmlPages)
      .where(
        and(
          eq(htmlPages.slug, slug),
          eq(htmlPages.status, 'published'),
          foodcourt ? or(eq(htmlPages.foodcourt, foodcourt), isNull(htmlPages.foodcourt)) : isNull(htmlPages.foodcourt),
        ),
      );
    const p = rows.find((r) => r.foodcourt === foodcourt) ?? rows.find((r) => r.foodcourt === null);
    if (!p || p.published_html === null) throw notFound('pageNotFound', `No published page "${slug}"`);
    return {
      slug: p.slug,
      title: p.published_title ?? p.title,
      html: p.published_html,
      foodcourt: p.foodcourt,
      published_at: p.published_at!.toISOString(),
    };
  }
}
