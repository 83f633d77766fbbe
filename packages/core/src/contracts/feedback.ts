import { z } from 'zod';
import {
  FEEDBACK_AUTHOR_KINDS,
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATING_MIN,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
} from '../feedback/feedback-rules.js';
import { ORDER_LIMITS } from '../orders/order-rules.js';
import { clientMeta, successEnvelope } from './envelope.js';
import { listAnswerSchema, listQuerySchema, SORT_ORDERS } from './list.js';
import { orderDate, orderIdParam } from './orders.js';

/**
 * Customer feedback and support tickets (issue 13 point 7, page feedback; spec 000 §7 `feedbacklist`).
 *
 *   GET   /feedbacklist                          list (filters below; newest first)
 *   GET   /feedback/assignees                    users who may be given tickets (page feedback, caller's sites)
 *   GET   /feedback/:feedback_id                 one ticket with its replies
 *   PATCH /feedback/:feedback_id  {version, status?, assignee?}   409 on a stale version
 *   POST  /feedback/:feedback_id/replies {body}  a staff reply (an open ticket moves to in_progress)
 *   POST  /ingest/feedback                       the ordering apps submit feedback (API key, like order ingest)
 *   POST  /ingest/feedback/:feedback_id/replies  the customer answers through the ordering app (API key)
 */

const siteId = z.string().max(200);
const text = (max: number) => z.string().trim().max(max);
const rating = () => z.number().int().min(FEEDBACK_RATING_MIN).max(FEEDBACK_RATING_MAX);
/** Query flags arrive as text: `true`/`false` (also 1/0). */
const queryFlag = () =>
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .meta({ description: 'true or false' });

export const FEEDBACK_SORT = ['created_at', 'updated_at', 'rating', 'status', 'restaurant'] as const;

const feedbackFilters = {
  location: siteId.optional(),
  foodcourt: siteId.optional(),
  restaurant: siteId.optional(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
  type: z.enum(FEEDBACK_TYPES).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  rating: z.coerce.number().int().min(FEEDBACK_RATING_MIN).max(FEEDBACK_RATING_MAX).optional(),
  negative: queryFlag().optional().meta({ description: 'true: only negative feedback (rating 2 or less)' }),
  assignee: z.string().max(200).optional().meta({ description: 'A user id, or `none` for unassigned tickets' }),
  order_id: orderIdParam().optional(),
  from: orderDate().optional().meta({ description: 'First day received (inclusive, UTC)' }),
  to: orderDate().optional().meta({ description: 'Last day received (inclusive, UTC)' }),
};

/** GET /feedbacklist: `search` is text in the comment, the customer reference or name, or an order number. */
export const feedbackListQuery = listQuerySchema(FEEDBACK_SORT, feedbackFilters)
  .extend({ order: z.enum(SORT_ORDERS).default('desc').meta({ description: 'Default desc: newest first' }) })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date cannot be before start date' });
  });
export type FeedbackListQuery = z.output<typeof feedbackListQuery>;

export const feedbackSummarySchema = z.object({
  feedback_id: z.number().int(),
  type: z.enum(FEEDBACK_TYPES),
  category: z.enum(FEEDBACK_CATEGORIES),
  status: z.enum(FEEDBACK_STATUSES),
  rating: z.number().int().nullable(),
  negative: z.boolean().meta({ description: 'Rating 2 or less' }),
  comment: z.string(),
  foodcourt: z.string(),
  foodcourt_name: z.string(),
  restaurant: z.string().nullable().meta({ description: 'Null when the feedback is about the food court' }),
  restaurant_name: z.string().nullable(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  customer_ref: z.string(),
  customer_name: z.string(),
  assignee: z.string().nullable().meta({ description: 'User id of the person handling it' }),
  assignee_name: z.string().nullable(),
  source: z.string().meta({ description: 'The ordering app (API client) it came from' }),
  reply_count: z.number().int(),
  last_reply_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export const feedbackReplySchema = z.object({
  reply_id: z.number().int(),
  author: z.string().meta({ description: 'User id (staff) or the API client (customer)' }),
  author_name: z.string(),
  author_kind: z.enum(FEEDBACK_AUTHOR_KINDS),
  body: z.string(),
  created_at: z.string(),
});
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

export const feedbackDetailSchema = feedbackSummarySchema.extend({
  contact: z.string(),
  updated_by: z.string().nullable(),
  replies: z.array(feedbackReplySchema).meta({ description: 'Oldest first' }),
});
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;

export const feedbackIdParams = z.object({ feedback_id: orderIdParam() });

export const feedbackUpdateBody = z
  .object({
    version: z.number().int().min(1).meta({ description: 'The version you saw (409 if it changed since)' }),
    status: z.enum(FEEDBACK_STATUSES).optional(),
    assignee: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .nullable()
      .optional()
      .meta({ description: 'A user id with the feedback page on the site; null to unassign' }),
    ...clientMeta,
  })
  .superRefine((b, ctx) => {
    if (b.status === undefined && b.assignee === undefined)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Give a status or an assignee' });
  })
  .meta({ example: { version: 3, status: 'resolved' } });
export type FeedbackUpdateBody = z.output<typeof feedbackUpdateBody>;

export const feedbackReplyBody = z
  .object({ body: z.string().trim().min(1, 'Write a reply').max(FEEDBACK_LIMITS.reply), ...clientMeta })
  .meta({ example: { body: 'Sorry about that — we have refunded the dish.' } });
export type FeedbackReplyBody = z.output<typeof feedbackReplyBody>;

const FEEDBACK_EXAMPLE = {
  type: 'feedback',
  category: 'food',
  order_id: 1042,
  rating: 2,
  comment: 'The paneer was cold',
  customer_ref: 'EMP-10442',
  customer_name: 'Asha',
};

/**
 * POST /ingest/feedback (API key): about an order (`order_id`, or `restaurant` + `order_number`), a restaurant
 * or a food court. The site is the order's when an order is named.
 */
export const feedbackIngestBody = z
  .object({
    type: z.enum(FEEDBACK_TYPES).default('feedback'),
    category: z.enum(FEEDBACK_CATEGORIES).default('other'),
    order_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    order_number: text(ORDER_LIMITS.orderNumber).min(1).optional().meta({ description: 'With `restaurant`' }),
    restaurant: siteId.min(1).optional().meta({ description: 'Restaurant id (`<food court>:<restid>`)' }),
    foodcourt: siteId.min(1).optional().meta({ description: 'Food court id, for feedback about the food court' }),
    rating: rating().optional().meta({ description: '1 to 5; required for type feedback' }),
    comment: text(FEEDBACK_LIMITS.comment).default(''),
    customer_ref: text(FEEDBACK_LIMITS.customerRef).default(''),
    customer_name: text(FEEDBACK_LIMITS.customerName).default(''),
    contact: text(FEEDBACK_LIMITS.contact)
      .default('')
      .meta({ description: 'E-mail or phone, when the customer allows replies' }),
  })
  .superRefine((b, ctx) => {
    if (b.order_id === undefined && !b.restaurant && !b.foodcourt)
      ctx.addIssue({ code: 'custom', path: ['order_id'], message: 'Name an order, a restaurant or a food court' });
    if (b.order_number && !b.restaurant && b.order_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['restaurant'], message: 'Give the restaurant of the order number' });
    if (b.type === 'feedback' && b.rating === undefined)
      ctx.addIssue({ code: 'custom', path: ['rating'], message: 'Give a rating from 1 to 5' });
    if (b.type === 'support' && !b.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Describe the problem' });
  })
  .meta({ example: FEEDBACK_EXAMPLE });
export type FeedbackIngestBody = z.output<typeof feedbackIngestBody>;

export const feedbackIngestReplyBody = z
  .object({ body: z.string().trim().min(1, 'Write a reply').max(FEEDBACK_LIMITS.reply) })
  .meta({ example: { body: 'Thanks, the refund arrived.' } });

export const feedbackIngestAnswer = successEnvelope({
  message: z.string(),
  feedback: z.object({
    feedback_id: z.number().int(),
    type: z.enum(FEEDBACK_TYPES),
    status: z.enum(FEEDBACK_STATUSES),
    foodcourt: z.string(),
    restaurant: z.string().nullable(),
    order_id: z.number().int().nullable(),
    created_at: z.string(),
  }),
});
export type FeedbackIngestAnswer = z.infer<typeof feedbackIngestAnswer>;

export const feedbackListAnswer = listAnswerSchema('feedback', feedbackSummarySchema);
export const feedbackDetailAnswer = successEnvelope({ feedback: feedbackDetailSchema });
export const feedbackChangeAnswer = successEnvelope({ message: z.string(), feedback: feedbackDetailSchema });
export const feedbackAssigneesAnswer = successEnvelope({
  assignees: z.array(z.object({ userid: z.string(), name: z.string() })),
});
