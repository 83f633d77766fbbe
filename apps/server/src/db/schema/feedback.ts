import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';
import { orders } from './orders.js';
import { foodcourts, restaurants } from './sites.js';

/**
 * Customer feedback and support tickets (issue 13 point 7, page feedback): about an order, a restaurant or a
 * food court (`foodcourt` is always set, so scoping and the food-court filter are one column). Status and
 * assignee are edited with a version (409 when stale); replies are a thread in feedback_replies.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    category: text('category').notNull().default('other'),
    status: text('status').notNull().default('open'),
    /** 1 to 5, or null (support tickets need none). Negative: 2 or less. */
    rating: smallint('rating'),
    comment: text('comment').notNull().default(''),
    foodcourt: text('foodcourt')
      .notNull()
      .references(() => foodcourts.foodcourt),
    restaurant: text('restaurant').references(() => restaurants.restaurant),
    order_id: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    customer_ref: text('customer_ref').notNull().default(''),
    customer_name: text('customer_name').notNull().default(''),
    contact: text('contact').notNull().default(''),
    assignee: text('assignee'),
    /** The API client (ordering app) that sent it; '' for demo data. */
    source: text('source').notNull().default(''),
    reply_count: integer('reply_count').notNull().default(0),
    last_reply_at: timestamp('last_reply_at', { withTimezone: true }),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('feedback_foodcourt_created_idx').on(t.foodcourt, t.created_at, t.id),
    index('feedback_restaurant_created_idx').on(t.restaurant, t.created_at, t.id),
    index('feedback_created_idx').on(t.created_at, t.id),
    index('feedback_status_idx').on(t.status, t.created_at),
    index('feedback_order_idx').on(t.order_id),
    check('feedback_type_check', sql`${t.type} in ('feedback', 'support')`),
    check('feedback_status_check', sql`${t.status} in ('open', 'in_progress', 'resolved')`),
    check(
      'feedback_category_check',
      sql`${t.category} in ('food', 'service', 'delivery', 'app', 'billing', 'hygiene', 'other')`,
    ),
    check('feedback_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);
export type FeedbackRow = typeof feedback.$inferSelect;

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feedback_id: bigint('feedback_id', { mode: 'number' })
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    /** A user id (staff) or the API client (customer). */
    author: text('author').notNull(),
    author_name: text('author_name').notNull().default(''),
    author_kind: text('author_kind').notNull(),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_replies_feedback_idx').on(t.feedback_id, t.id),
    check('feedback_replies_kind_check', sql`${t.author_kind} in ('staff', 'customer')`),
  ],
);
