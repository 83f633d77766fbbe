import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';

/**
 * Images and videos of the image manager (spec 001 §2.2, §7; spec 000 §2.4 media chooser). Each belongs to
 * an action/value pair (`restaurant` + food court id, `sub_menu` + `submenu_image`, …); names are unique
 * within it (case-insensitively), which is why clashing uploads get a numeric prefix. The bytes live in the
 * file store under `storage_key`.
 */
export const mediaImages = pgTable(
  'media_images',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    value: text('value').notNull(),
    name: text('name').notNull(),
    storage_key: text('storage_key').notNull(),
    /** Set by the server from the file's content (image/png, image/jpeg, image/gif, video/mp4). */
    content_type: text('content_type').notNull(),
    file_ext: text('file_ext').notNull(),
    type: text('type', { enum: ['image', 'gif', 'video'] }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    uploaded_by: text('uploaded_by'),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('media_images_name_key').on(t.action, t.value, sql`lower(${t.name})`),
    uniqueIndex('media_images_storage_key').on(t.storage_key),
    index('media_images_uploaded_idx').on(t.action, t.value, t.uploaded_at),
  ],
);

export type MediaImageRow = typeof mediaImages.$inferSelect;
