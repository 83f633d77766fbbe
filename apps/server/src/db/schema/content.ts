import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Banner, Poll, Recurrence } from '@cd/core';
import { timestamps, version } from './columns.js';

/**
 * Content (issue 19). HTML pages keep their draft on the row and every save as a revision; what the ordering apps
 * read is the published copy. Stored HTML is always the server's cleaned HTML (sanitize-html), never what was sent.
 */
export const htmlPages = pgTable(
  'html_pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    foodcourt: text('foodcourt'),
    client: text('client'),
    html: text('html').notNull().default(''),
    status: text('status').notNull().default('draft'),
    revision: integer('revision').notNull().default(1),
    published_title: text('published_title'),
    published_html: text('published_html'),
    published_revision: integer('published_revision'),
    published_at: timestamp('published_at', { withTimezone: true }),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('html_pages_slug_key').on(sql`coalesce(${t.foodcourt}, '')`, t.slug)],
);
export type HtmlPageRow = typeof htmlPages.$inferSelect;

export const htmlPageRevisions = pgTable(
  'html_page_revisions',
  {
    page_id: integer('page_id')
      .notNull()
      .references(() => htmlPages.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
    created_by: text('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.page_id, t.revision] })],
);

/** News posts of the buzzfeed, each with an optional poll; a vote is unique per (post, customer). */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
    media: jsonb('media').$type<string[]>().notNull().default([]),
    link: text('link').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    status: text('status').notNull().default('draft'),
    publish_at: timestamp('publish_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    poll: jsonb('poll').$type<Poll | null>(),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('news_posts_live_idx').on(t.status, t.publish_at)],
);
export type NewsPostRow = typeof newsPosts.$inferSelect;

export const pollVotes = pgTable(
  'poll_votes',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    customer_ref: text('customer_ref').notNull(),
    option: integer('option').notNull(),
    voted_at: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.customer_ref] })],
);

/** Notifications: one row per message; each send (scheduled, repeated or a test) is a run with its counts. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    audience: text('audience').notNull(),
    foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
    groups: jsonb('groups').$type<number[]>().notNull().default([]),
    image: text('image'),
    link: text('link').notNull().default(''),
    send_at: timestamp('send_at', { withTimezone: true }),
    recurrence: jsonb('recurrence').$type<Recurrence | null>(),
    status: text('status').notNull().default('draft'),
    next_run_at: timestamp('next_run_at', { withTimezone: true }),
    runs: integer('runs').notNull().default(0),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('notifications_due_idx').on(t.status, t.next_run_at)],
);
export type NotificationRow = typeof notifications.$inferSelect;

export const notificationRuns = pgTable(
  'notification_runs',
  {
    id: serial('id').primaryKey(),
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    test: boolean('test').notNull().default(false),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    targeted: integer('targeted').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    /** What the run sent, for the in-app feed (the notification may change later). */
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    in_app: boolean('in_app').notNull().default(false),
    foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
  },
  (t) => [index('notification_runs_notification_idx').on(t.notification_id, t.id)],
);
export type NotificationRunRow = typeof notificationRuns.$inferSelect;

/** PDF documents per site; each upload is a revision kept in the file store. */
export const pdfDocuments = pgTable(
  'pdf_documents',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    foodcourt: text('foodcourt').notNull(),
    restaurant: text('restaurant'),
    expires_on: date('expires_on', { mode: 'string' }),
    remind_days: integer('remind_days').notNull().default(30),
    public: boolean('public').notNull().default(false),
    revision: integer('revision').notNull().default(0),
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('pdf_documents_site_idx').on(t.foodcourt, t.title)],
);
export type PdfDocumentRow = typeof pdfDocuments.$inferSelect;

export const pdfDocumentFiles = pgTable(
  'pdf_document_files',
  {
    document_id: integer('document_id')
      .notNull()
      .references(() => pdfDocuments.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    file_name: text('file_name').notNull(),
    storage_key: text('storage_key').notNull(),
    size: integer('size').notNull(),
    pages: integer('pages').notNull(),
    sha256: text('sha256').notNull(),
    uploaded_by: text('uploaded_by'),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.document_id, t.revision] })],
);

/** Banner programs: a slot's banners in their order, for sites and channels, in a window. */
export const bannerPrograms = pgTable(
  'banner_programs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slot: text('slot').notNull(),
    foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('draft'),
    starts_at: timestamp('starts_at', { withTimezone: true }),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    priority: integer('priority').notNull().default(0),
    banners: jsonb('banners').$type<Banner[]>().notNull().default([]),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('banner_programs_slot_idx').on(t.slot, t.status)],
);
export type BannerProgramRow = typeof bannerPrograms.$inferSelect;

/** Food-picture uploads waiting for "apply" (an hour): the spooled files' keys by token. */
export const foodpicBatches = pgTable('foodpic_batches', {
  id: text('id').primaryKey(),
  restaurant: text('restaurant').notNull(),
  files: jsonb('files').$type<{ token: string; name: string; key: string; ok: boolean }[]>().notNull(),
  created_by: text('created_by'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
