import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { feedback, feedbackReplies, orders } from '../schema/index.js';

/** How many demo orders get feedback (every n-th order of the history, so the choice is the same every run). */
const DEMO_FEEDBACK = 48;

const COMMENTS: Record<number, [string, string][]> = {
  1: [
    ['food', 'The food was cold when it reached the table'],
    ['delivery', 'Order arrived 40 minutes late'],
  ],
  2: [
    ['food', 'Too salty, could not finish it'],
    ['service', 'Waited a long time at the counter'],
  ],
  3: [
    ['food', 'Fine, nothing special'],
    ['app', 'The app was slow to show my order'],
  ],
  4: [
    ['food', 'Tasty and fresh'],
    ['service', 'Quick and friendly'],
  ],
  5: [
    ['food', 'Best lunch on campus!'],
    ['service', 'Staff went out of their way to help'],
  ],
};
const SUPPORT: [string, string][] = [
  ['billing', 'I was charged twice for one order'],
  ['app', 'My pre-order does not show up in the app'],
  ['hygiene', 'The tables near the window were not cleaned'],
];

/**
 * Demo feedback (issue 13 point 7): about 50 tickets on demo orders — ratings leaning positive, a few negative
 * ones, some support tickets — older ones answered and resolved, recent ones open. One select and two inserts,
 * so it adds a few milliseconds to the demo seed.
 */
export async function seedDemoFeedback(tx: DbOrTx) {
  const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders);
  if (n === 0) return;
  const step = Math.max(1, Math.floor(n / DEMO_FEEDBACK));
  const picked = await tx
    .select({
      id: orders.id,
      restaurant: orders.restaurant,
      foodcourt: orders.foodcourt,
      placed_at: orders.placed_at,
      customer_ref: orders.customer_ref,
    })
    .from(orders)
    .where(sql`${orders.id} % ${step} = 0`)
    .orderBy(asc(orders.id))
    .limit(DEMO_FEEDBACK);
  const now = Date.now();
  const rows = picked.map((o, i) => {
    const support = i % 9 === 4;
    // Ratings lean positive: 5 5 4 4 3 2 1 5 4 …
    const rating = support ? null : ([5, 5, 4, 4, 3, 2, 1, 5, 4] as const)[i % 9]!;
    const [category, comment] = support ? SUPPORT[i % SUPPORT.length]! : COMMENTS[rating!]![i % 2]!;
    const created = new Date(Math.min(o.placed_at.getTime() + (1 + (i % 5)) * 3_600_000, now - 60_000));
    const ageDays = (now - created.getTime()) / 86_400_000;
    const status = ageDays > 7 ? 'resolved' : ageDays > 2 && i % 2 === 0 ? 'in_progress' : 'open';
    return {
      type: support ? 'support' : 'feedback',
      category,
      status,
      rating,
      comment,
      foodcourt: o.foodcourt,
      restaurant: o.restaurant,
      order_id: o.id,
      customer_ref: o.customer_ref,
      customer_name: ['Asha', 'Ben', 'Chen', 'Divya', 'Ema', 'Farid'][i % 6]!,
      assignee: status === 'open' ? null : 'demo.admin',
      created_at: created,
      updated_at: created,
    };
  });
  if (rows.length === 0) return;
  const created = await tx
    .insert(feedback)
    .values(rows)
    .returning({ id: feedback.id, status: feedback.status, created_at: feedback.created_at });
  const replies = created
    .filter((f) => f.status !== 'open')
    .map((f) => ({
      feedback_id: f.id,
      author: 'demo.admin',
      author_name: 'Demo Administrator',
      author_kind: 'staff',
      body:
        f.status === 'resolved'
          ? 'Thank you for telling us. We have spoken to the kitchen team and put it right.'
          : 'Thanks — we are looking into it and will come back to you today.',
      created_at: new Date(f.created_at.getTime() + 2 * 3_600_000),
    }));
  if (replies.length === 0) return;
  await tx.insert(feedbackReplies).values(replies);
  await tx
    .update(feedback)
    .set({ reply_count: 1, last_reply_at: sql`${feedback.created_at} + interval '2 hours'`, version: 2 })
    .where(sql`${feedback.status} <> 'open' and ${feedback.source} = ''`);
}
