import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  BUZZFEED_POLLS_PERMISSION,
  postState,
  type ListQuery,
  type NEWS_POST_SORT,
  type NewsPost,
  type NewsPostBody,
  type Poll,
  type PollResult,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { newsPosts, pollVotes, type NewsPostRow, type UserRow } from '../../db/schema/index.js';
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

const LIST: ListSpec<(typeof NEWS_POST_SORT)[number]> = {
  sortable: { title: text(newsPosts.title), publish_at: newsPosts.publish_at, updated_at: newsPosts.updated_at },
  // Pinned first, newest first (expressed ascending: the list applies one direction to every column).
  defaultSort: [
    sql`(not ${newsPosts.pinned})`,
    sql`(-extract(epoch from coalesce(${newsPosts.publish_at}, ${newsPosts.created_at})))`,
  ],
  key: newsPosts.id,
  search: [newsPosts.title],
};

/** The state of a post in SQL, as core's postState says it. */
function stateIs(state: NewsPost['state']): SQL {
  const published = sql`${newsPosts.status} = 'published'`;
  const started = sql`(${newsPosts.publish_at} is null or ${newsPosts.publish_at} <= now())`;
  const ended = sql`(${newsPosts.expires_at} is not null and ${newsPosts.expires_at} <= now())`;
  if (state === 'draft') return sql`${newsPosts.status} <> 'published'`;
  if (state === 'scheduled') return sql`${published} and not ${started}`;
  if (state === 'expired') return sql`${published} and ${started} and ${ended}`;
  return sql`${published} and ${started} and not ${ended}`;
}

function pollResult(poll: Poll, counts: Map<number, number>, now = new Date()): PollResult {
  const options = poll.options.map((text, index) => ({ index, text, votes: counts.get(index) ?? 0 }));
  return {
    question: poll.question,
    closes_at: poll.closes_at,
    closed: poll.closes_at !== null && Date.parse(poll.closes_at) <= now.getTime(),
    options,
    votes: options.reduce((n, o) => n + o.votes, 0),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** /buzzfeed (issue 19 point 2): news posts per site with media, a window and polls with one vote per customer. */
export class PostsService {
  constructor(private readonly db: Db) {}

  private async votes(ids: number[]) {
    const by = new Map<number, Map<number, number>>();
    if (ids.length === 0) return by;
    const rows = await this.db
      .select({ post: pollVotes.post_id, option: pollVotes.option, n: count() })
      .from(pollVotes)
      .where(inArray(pollVotes.post_id, ids))
      .groupBy(pollVotes.post_id, pollVotes.option);
    for (const r of rows) {
      const m = by.get(r.post) ?? new Map<number, number>();
      m.set(r.option, r.n);
      by.set(r.post, m);
    }
    return by;
  }

  private async views(rows: NewsPostRow[]): Promise<NewsPost[]> {
    const votes = await this.votes(rows.filter((r) => r.poll).map((r) => r.id));
    return rows.map((p) => {
      const window = { status: p.status, publish_at: iso(p.publish_at), expires_at: iso(p.expires_at) };
      return {
        id: p.id,
        title: p.title,
        body: p.body,
        foodcourts: p.foodcourts,
        media: p.media,
        link: p.link,
        pinned: p.pinned,
        status: p.status as NewsPost['status'],
        publish_at: window.publish_at,
        expires_at: window.expires_at,
        state: postState(window),
        poll: p.poll ? pollResult(p.poll, votes.get(p.id) ?? new Map()) : null,
        version: p.version,
        updated_by: p.updated_by,
        updated_at: p.updated_at.toISOString(),
      };
    });
  }

  async view(row: NewsPostRow) {
    return (await this.views([row]))[0]!;
  }

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { search?: string; state?: NewsPost['state']; foodcourt?: string },
    range = listRange(query),
  ): Promise<ListPage<NewsPost>> {
    const scope = await loadSiteScope(this.db, user);
    const cond = and(
      listSearch(LIST, query.search),
      query.state ? stateIs(query.state) : undefined,
      forSite(newsPosts.foodcourts, query.foodcourt),
      visibleSites(scope, newsPosts.foodcourts),
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(newsPosts)
          .where(cond)
          .orderBy(...listOrder(LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(newsPosts).where(cond),
    ]);
    return { rows: await this.views(rows), total: total?.n ?? 0 };
  }

  async row(user: UserRow, id: number): Promise<NewsPostRow> {
    const [p] = await this.db.select().from(newsPosts).where(eq(newsPosts.id, id));
    const scope = p && !p.foodcourts.length ? null : await loadSiteScope(this.db, user);
    if (!p || (scope && !scope.all && !p.foodcourts.every((f) => scope.foodcourts.has(f))))
      throw notFound('postNotFound', `Post ${id} does not exist`);
    return p;
  }

  private values(b: NewsPostBody) {
    const title = plainText(b.title);
    if (!title) throw badRequest('titleRequired', 'Enter the title', { field: 'title' });
    return {
      title,
      body: plainText(b.body),
      foodcourts: b.foodcourts,
      media: b.media,
      link: b.link,
      pinned: b.pinned,
      status: b.status,
      publish_at: b.publish_at ? new Date(b.publish_at) : null,
      expires_at: b.expires_at ? new Date(b.expires_at) : null,
      poll: b.poll
        ? { ...b.poll, question: plainText(b.poll.question), options: b.poll.options.map((o) => plainText(o)) }
        : null,
    };
  }

  /** Polls need buzzfeed_polls (spec 000 §6); a poll with votes keeps its question and options. */
  private async checkPoll(user: UserRow, poll: Poll | null, before: NewsPostRow | null) {
    const same = JSON.stringify(poll) === JSON.stringify(before?.poll ?? null);
    if (same) return;
    if (!user.admin && !user.permissions.includes(BUZZFEED_POLLS_PERMISSION))
      throw forbidden('Adding or changing a poll needs the buzzfeed_polls permission');
    if (!before?.poll) return;
    const [voted] = await this.db.select({ n: count() }).from(pollVotes).where(eq(pollVotes.post_id, before.id));
    const changed =
      !poll ||
      poll.question !== before.poll.question ||
      JSON.stringify(poll.options) !== JSON.stringify(before.poll.options);
    if ((voted?.n ?? 0) > 0 && changed)
      throw badRequest('pollHasVotes', 'The poll has votes: only its closing time can change', { field: 'poll' });
  }

  async create(b: NewsPostBody, actor: Actor) {
    await checkContentSites(this.db, actor.user, b.foodcourts);
    await this.checkPoll(actor.user, b.poll, null);
    return this.db.transaction((tx) =>
      insertAudited(tx, { table: newsPosts, values: this.values(b), actor, entity: 'news_post' }),
    );
  }

  async update(id: number, b: NewsPostBody & { version: number }, actor: Actor) {
    const before = await this.row(actor.user, id);
    mayChange(await checkContentSites(this.db, actor.user, b.foodcourts), before.foodcourts);
    await this.checkPoll(actor.user, b.poll, before);
    return this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: newsPosts,
        where: eq(newsPosts.id, id),
        version: b.version,
        actor,
        entity: 'news_post',
        entityId: String(id),
        what: 'This post',
        before,
        set: this.values(b),
      }),
    );
  }

  async remove(id: number, version: number, actor: Actor) {
    const before = await this.row(actor.user, id);
    mayChange(await loadSiteScope(this.db, actor.user), before.foodcourts);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: newsPosts,
        where: eq(newsPosts.id, id),
        version,
        actor,
        entity: 'news_post',
        entityId: String(id),
        what: 'This post',
        before,
      }),
    );
  }

  /** The apps' feed: live posts for the site (and for every site), pinned first, newest first. */
  async feed(foodcourt: string | undefined) {
    const rows = await this.db
      .select()
      .from(newsPosts)
      .where(
        and(stateIs('live'), forSite(newsPosts.foodcourts, foodcourt) ?? sql`${newsPosts.foodcourts} = '[]'::jsonb`),
      )
      .orderBy(
        desc(newsPosts.pinned),
        sql`coalesce(${newsPosts.publish_at}, ${newsPosts.created_at}) desc`,
        desc(newsPosts.id),
      )
      .limit(100);
    return (await this.views(rows)).map(({ id, title, body, media, link, pinned, publish_at, expires_at, poll }) => ({
      id,
      title,
      body,
      media,
      link,
      pinned,
      publish_at,
      expires_at,
      poll,
    }));
  }

  /** One vote per customer and poll: the primary key decides, so two votes at once still count once. */
  async vote(id: number, customerRef: string, option: number) {
    const [p] = await this.db
      .select()
      .from(newsPosts)
      .where(and(eq(newsPosts.id, id), stateIs('live')));
    if (!p?.poll) throw notFound('pollNotFound', `Post ${id} has no open poll`);
    const poll = p.poll;
    if (option >= poll.options.length)
      throw badRequest(
        'unknownOption',
        `The poll has ${poll.options.length} options (0 to ${poll.options.length - 1})`,
        {
          field: 'option',
        },
      );
    if (poll.closes_at && Date.parse(poll.closes_at) <= Date.now())
      throw badRequest('pollClosed', 'The poll is closed', { field: 'option' });
    const inserted = await this.db
      .insert(pollVotes)
      .values({ post_id: id, customer_ref: customerRef, option })
      .onConflictDoNothing()
      .returning({ option: pollVotes.option });
    const votes = await this.votes([id]);
    return { counted: inserted.length > 0, poll: pollResult(poll, votes.get(id) ?? new Map()) };
  }
}
