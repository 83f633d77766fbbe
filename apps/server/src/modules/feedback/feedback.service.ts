import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  canAccessPage,
  FEEDBACK_LIMITS,
  feedbackModuleOn,
  isNegativeFeedback,
  NEGATIVE_RATING_MAX,
  statusAfterStaffReply,
  type FEEDBACK_SORT,
  type FeedbackAuthorKind,
  type FeedbackCategory,
  type FeedbackDetail,
  type FeedbackIngestAnswer,
  type FeedbackIngestBody,
  type FeedbackListQuery,
  type FeedbackStatus,
  type FeedbackSummary,
  type FeedbackType,
  type FeedbackUpdateBody,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  clients,
  feedback,
  feedbackReplies,
  foodcourts,
  orders,
  restaurants,
  users,
  type FeedbackRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import {
  likePattern,
  listOrder,
  listRange,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { updateVersioned } from '../../lib/versioned.js';
import type { ApiClient } from '../api-keys/index.js';

const FEEDBACK_LIST: ListSpec<(typeof FEEDBACK_SORT)[number]> = {
  sortable: {
    created_at: feedback.created_at,
    updated_at: feedback.updated_at,
    rating: sql`coalesce(${feedback.rating}, 0)`,
    status: feedback.status,
    restaurant: text(sql`coalesce(${restaurants.name}, ${foodcourts.name})`),
  },
  defaultSort: [feedback.created_at],
  key: feedback.id,
  search: [],
};

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
const feedbackNotFound = (id: number) => notFound('feedbackNotFound', `Feedback ${id} does not exist`);

type Scope = { restaurants: Set<string>; foodcourts: Set<string> };
type Joined = {
  f: FeedbackRow;
  restaurant_name: string | null;
  foodcourt_name: string | null;
  order_number: string | null;
  assignee_name: string | null;
};

function toSummary(r: Joined): FeedbackSummary {
  const f = r.f;
  return {
    feedback_id: f.id,
    type: f.type as FeedbackType,
    category: f.category as FeedbackCategory,
    status: f.status as FeedbackStatus,
    rating: f.rating,
    negative: isNegativeFeedback(f.rating),
    comment: f.comment,
    foodcourt: f.foodcourt,
    foodcourt_name: r.foodcourt_name ?? '',
    restaurant: f.restaurant,
    restaurant_name: f.restaurant ? (r.restaurant_name ?? '') : null,
    order_id: f.order_id,
    order_number: r.order_number,
    customer_ref: f.customer_ref,
    customer_name: f.customer_name,
    assignee: f.assignee,
    assignee_name: f.assignee ? (r.assignee_name ?? f.assignee) : null,
    source: f.source,
    reply_count: f.reply_count,
    last_reply_at: f.last_reply_at?.toISOString() ?? null,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
    version: f.version,
  };
}

/** Whether a site is in a scope: a restaurant's feedback by its restaurant, a food court's by its food court. */
const inScope = (scope: Scope, f: Pick<FeedbackRow, 'restaurant' | 'foodcourt'>) =>
  f.restaurant ? scope.restaurants.has(f.restaurant) : scope.foodcourts.has(f.foodcourt);

/**
 * Feedback and support tickets (page feedback; issue 13 point 7). A user sees the feedback of their restaurants,
 * and the food-court feedback of their food courts (admins: all). Status and assignee change with a version
 * (409 when stale); replies are appended in a transaction that locks the ticket. Every change is audited.
 */
export class FeedbackService {
  constructor(private readonly db: Db) {}

  /** undefined: everything (admins); null: nothing. */
  private async scope(user: UserRow): Promise<Scope | undefined | null> {
    if (user.admin) return undefined;
    const s = await loadSiteScope(this.db, user);
    return s.restaurants.size || s.foodcourts.size ? s : null;
  }

  private scopeCondition(scope: Scope): SQL {
    const parts: SQL[] = [];
    if (scope.restaurants.size) parts.push(inArray(feedback.restaurant, [...scope.restaurants]));
    if (scope.foodcourts.size)
      parts.push(and(isNull(feedback.restaurant), inArray(feedback.foodcourt, [...scope.foodcourts]))!);
    return or(...parts)!;
  }

  private conditions(q: FeedbackListQuery): SQL[] {
    const where: SQL[] = [];
    if (q.foodcourt) where.push(eq(feedback.foodcourt, q.foodcourt));
    if (q.restaurant) where.push(eq(feedback.restaurant, q.restaurant));
    if (q.location) {
      where.push(
        inArray(
          feedback.foodcourt,
          this.db.select({ f: foodcourts.foodcourt }).from(foodcourts).where(eq(foodcourts.location, q.location)),
        ),
      );
    }
    if (q.status) where.push(eq(feedback.status, q.status));
    if (q.type) where.push(eq(feedback.type, q.type));
    if (q.category) where.push(eq(feedback.category, q.category));
    if (q.rating) where.push(eq(feedback.rating, q.rating));
    if (q.negative === true) where.push(sql`${feedback.rating} <= ${NEGATIVE_RATING_MAX}`);
    if (q.negative === false)
      where.push(sql`(${feedback.rating} is null or ${feedback.rating} > ${NEGATIVE_RATING_MAX})`);
    if (q.assignee === 'none') where.push(isNull(feedback.assignee));
    else if (q.assignee) where.push(eq(feedback.assignee, q.assignee));
    if (q.order_id) where.push(eq(feedback.order_id, q.order_id));
    if (q.from) where.push(gte(feedback.created_at, new Date(`${q.from}T00:00:00Z`)));
    if (q.to) where.push(lt(feedback.created_at, nextDay(q.to)));
    const search = q.search?.trim();
    if (search) {
      const like = likePattern(search);
      where.push(
        or(
          sql`${feedback.comment} ilike ${like}`,
          sql`${feedback.customer_ref} ilike ${like}`,
          sql`${feedback.customer_name} ilike ${like}`,
          sql`${orders.order_number} ilike ${like}`,
        )!,
      );
    }
    return where;
  }

  private joined(where: SQL | undefined) {
    return this.db
      .select({
        f: feedback,
        restaurant_name: restaurants.name,
        foodcourt_name: foodcourts.name,
        order_number: orders.order_number,
        assignee_name: users.name,
      })
      .from(feedback)
      .leftJoin(restaurants, eq(restaurants.restaurant, feedback.restaurant))
      .leftJoin(foodcourts, eq(foodcourts.foodcourt, feedback.foodcourt))
      .leftJoin(orders, eq(orders.id, feedback.order_id))
      .leftJoin(users, eq(users.userid, feedback.assignee))
      .where(where)
      .$dynamic();
  }

  async list(q: FeedbackListQuery, user: UserRow): Promise<ListPage<FeedbackSummary>> {
    const scope = await this.scope(user);
    if (scope === null) return { rows: [], total: 0 };
    const cond = and(scope ? this.scopeCondition(scope) : undefined, ...this.conditions(q));
    const [rows, [count]] = await Promise.all([
      withRange(this.joined(cond).orderBy(...listOrder(FEEDBACK_LIST, q)), listRange(q)),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(feedback)
        .leftJoin(orders, eq(orders.id, feedback.order_id))
        .where(cond),
    ]);
    return { rows: rows.map(toSummary), total: count?.n ?? 0 };
  }

  /** The row if the user may see it; 404 otherwise. */
  private async visible(id: number, user: UserRow, db: DbOrTx = this.db): Promise<FeedbackRow> {
    const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
    if (!row) throw feedbackNotFound(id);
    const scope = await this.scope(user);
    if (scope === null || (scope && !inScope(scope, row))) throw feedbackNotFound(id);
    return row;
  }

  async detail(id: number, user: UserRow | null): Promise<FeedbackDetail> {
    const [found] = await this.joined(eq(feedback.id, id));
    if (!found) throw feedbackNotFound(id);
    if (user) {
      const scope = await this.scope(user);
      if (scope === null || (scope && !inScope(scope, found.f))) throw feedbackNotFound(id);
    }
    const replies = await this.db
      .select()
      .from(feedbackReplies)
      .where(eq(feedbackReplies.feedback_id, id))
      .orderBy(asc(feedbackReplies.created_at), asc(feedbackReplies.id));
    return {
      ...toSummary(found),
      contact: found.f.contact,
      updated_by: found.f.updated_by,
      replies: replies.map((r) => ({
        reply_id: r.id,
        author: r.author,
        author_name: r.author_name,
        author_kind: r.author_kind as FeedbackAuthorKind,
        body: r.body,
        created_at: r.created_at.toISOString(),
      })),
    };
  }

  /** Active users with the feedback page (administrators included), to assign tickets to. */
  async assignees() {
    const rows = await this.db
      .select()
      .from(users)
      .where(eq(users.status, 'active'))
      .orderBy(asc(users.name), asc(users.userid));
    return rows.filter((u) => canAccessPage(u, 'feedback')).map((u) => ({ userid: u.userid, name: u.name }));
  }

  /** An assignee must be an active user with the feedback page who can see the ticket's site. */
  private async checkAssignee(userid: string, row: FeedbackRow) {
    const [assignee] = await this.db.select().from(users).where(eq(users.userid, userid));
    const bad = (why: string) => badRequest('unknownAssignee', `assignee: ${why}`, { field: 'assignee' });
    if (!assignee || assignee.status !== 'active') throw bad(`${userid} is not an active user`);
    if (!canAccessPage(assignee, 'feedback')) throw bad(`${userid} does not have the feedback page`);
    const scope = await this.scope(assignee);
    if (scope === null || (scope && !inScope(scope, row))) throw bad(`${userid} cannot see this site`);
  }

  async update(id: number, body: FeedbackUpdateBody, actor: Actor): Promise<FeedbackDetail> {
    const before = await this.visible(id, actor.user);
    if (body.assignee) await this.checkAssignee(body.assignee, before);
    const set: Partial<typeof feedback.$inferInsert> = {};
    if (body.status !== undefined) set.status = body.status;
    if (body.assignee !== undefined) set.assignee = body.assignee;
    await this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: feedback,
        where: eq(feedback.id, id),
        version: body.version,
        actor,
        entity: 'feedback',
        entityId: String(id),
        what: 'This ticket',
        before,
        set,
        action: body.status === 'resolved' ? 'resolve' : 'update',
        missing: () => feedbackNotFound(id),
      }),
    );
    return this.detail(id, null);
  }

  private async addReply(
    tx: DbOrTx,
    row: FeedbackRow,
    reply: { author: string; author_name: string; author_kind: FeedbackAuthorKind; body: string },
    status: FeedbackStatus,
  ) {
    if (row.reply_count >= FEEDBACK_LIMITS.repliesPerTicket)
      throw new AppError(409, 'tooManyReplies', `A ticket takes at most ${FEEDBACK_LIMITS.repliesPerTicket} replies`);
    const [added] = await tx
      .insert(feedbackReplies)
      .values({ feedback_id: row.id, ...reply })
      .returning();
    await tx
      .update(feedback)
      .set({
        reply_count: sql`${feedback.reply_count} + 1`,
        last_reply_at: added!.created_at,
        status,
        version: sql`${feedback.version} + 1`,
        updated_at: new Date(),
        ...(reply.author_kind === 'staff' ? { updated_by: reply.author } : {}),
      })
      .where(eq(feedback.id, row.id));
    return added!;
  }

  /** A staff reply: appended to the thread; an open ticket moves to in progress. */
  async reply(id: number, body: string, actor: Actor): Promise<FeedbackDetail> {
    await this.visible(id, actor.user);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
      if (!row) throw feedbackNotFound(id);
      const status = statusAfterStaffReply(row.status as FeedbackStatus);
      const added = await this.addReply(
        tx,
        row,
        { author: actor.user.userid, author_name: actor.user.name, author_kind: 'staff', body },
        status,
      );
      await audit(tx, {
        actor: actor.user.userid,
        action: 'reply',
        entity: 'feedback',
        entityId: String(id),
        before: { status: row.status, reply_count: row.reply_count },
        after: { status, reply_id: added.id, body },
        ip: actor.ip,
      });
    });
    return this.detail(id, null);
  }

  // ---------- the ordering apps (API key) ----------

  private async siteOf(body: FeedbackIngestBody) {
    if (body.order_id !== undefined || body.order_number) {
      const [order] = await this.db
        .select({ id: orders.id, restaurant: orders.restaurant, foodcourt: orders.foodcourt })
        .from(orders)
        .where(
          body.order_id !== undefined
            ? eq(orders.id, body.order_id)
            : and(eq(orders.restaurant, body.restaurant!), eq(orders.order_number, body.order_number!)),
        );
      if (!order) {
        const field = body.order_id !== undefined ? 'order_id' : 'order_number';
        throw badRequest('unknownOrder', `${field}: the order does not exist`, { field });
      }
      return { order_id: order.id, restaurant: order.restaurant, foodcourt: order.foodcourt };
    }
    if (body.restaurant) {
      const [rest] = await this.db
        .select({ foodcourt: restaurants.foodcourt })
        .from(restaurants)
        .where(eq(restaurants.restaurant, body.restaurant));
      if (!rest)
        throw badRequest('unknownRestaurant', `restaurant: restaurant ${body.restaurant} does not exist`, {
          field: 'restaurant',
        });
      return { order_id: null, restaurant: body.restaurant, foodcourt: rest.foodcourt };
    }
    const [fc] = await this.db
      .select({ foodcourt: foodcourts.foodcourt })
      .from(foodcourts)
      .where(eq(foodcourts.foodcourt, body.foodcourt!));
    if (!fc)
      throw badRequest('unknownFoodcourt', `foodcourt: food court ${body.foodcourt} does not exist`, {
        field: 'foodcourt',
      });
    return { order_id: null, restaurant: null, foodcourt: fc.foodcourt };
  }

  /** Feedback or a support ticket from an ordering app, about an order, a restaurant or a food court. */
  async ingest(body: FeedbackIngestBody, client: ApiClient): Promise<FeedbackIngestAnswer> {
    const site = await this.siteOf(body);
    if (client.foodcourts.length > 0 && !client.foodcourts.includes(site.foodcourt))
      throw forbidden(`This API key may not send feedback of food court ${site.foodcourt}`);
    if (site.restaurant) {
      const [owner] = await this.db
        .select({ settings: clients.settings })
        .from(restaurants)
        .innerJoin(clients, eq(clients.client, restaurants.client))
        .where(eq(restaurants.restaurant, site.restaurant));
      const modules = owner?.settings.modulefeedbackdata as Record<string, unknown> | undefined;
      if (!feedbackModuleOn(modules, body.type))
        throw new AppError(409, 'feedbackModuleOff', `This client does not take ${body.type} (feedback modules)`, {
          field: 'type',
        });
    }
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(feedback)
        .values({
          type: body.type,
          category: body.category,
          rating: body.rating ?? null,
          comment: body.comment,
          foodcourt: site.foodcourt,
          restaurant: site.restaurant,
          order_id: site.order_id,
          customer_ref: body.customer_ref,
          customer_name: body.customer_name,
          contact: body.contact,
          source: client.api_client,
        })
        .returning();
      await audit(tx, {
        actor: `api:${client.api_client}`,
        action: 'create',
        entity: 'feedback',
        entityId: String(created!.id),
        after: { type: created!.type, rating: created!.rating, foodcourt: created!.foodcourt },
      });
      return created!;
    });
    return {
      result: 'success',
      message: body.type === 'support' ? 'Support ticket received' : 'Thank you for your feedback',
      feedback: {
        feedback_id: row.id,
        type: row.type as FeedbackType,
        status: row.status as FeedbackStatus,
        foodcourt: row.foodcourt,
        restaurant: row.restaurant,
        order_id: row.order_id,
        created_at: row.created_at.toISOString(),
      },
    };
  }

  /** The customer answers in the thread through the ordering app; a resolved ticket opens again. */
  async ingestReply(id: number, body: string, client: ApiClient): Promise<FeedbackIngestAnswer> {
    const row = await this.db.transaction(async (tx) => {
      const [found] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
      if (!found || (client.foodcourts.length > 0 && !client.foodcourts.includes(found.foodcourt)))
        throw feedbackNotFound(id);
      const status: FeedbackStatus = found.status === 'resolved' ? 'open' : (found.status as FeedbackStatus);
      await this.addReply(
        tx,
        found,
        { author: client.api_client, author_name: found.customer_name, author_kind: 'customer', body },
        status,
      );
      return { ...found, status };
    });
    return {
      result: 'success',
      message: 'Reply received',
      feedback: {
        feedback_id: row.id,
        type: row.type as FeedbackType,
        status: row.status,
        foodcourt: row.foodcourt,
        restaurant: row.restaurant,
        order_id: row.order_id,
        created_at: row.created_at.toISOString(),
      },
    };
  }
}
