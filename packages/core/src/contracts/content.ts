import { z } from 'zod';
import {
  BANNER_CHANNELS,
  BANNER_SLOTS,
  BANNER_STATUSES,
  DOCUMENT_CATEGORIES,
  HTML_PAGE_STATUSES,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_STATUSES,
  bannerProgramSchema,
  documentFileSchema,
  documentSchema,
  htmlPageSchema,
  htmlRevisionSchema,
  newsPostSchema,
  notificationRunSchema,
  notificationSchema,
  picturePreviewSchema,
  pollResultSchema,
} from '../content/content-rules.js';
import { successEnvelope } from './envelope.js';
import { exportQuerySchema, listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Content (issue 19). Page keys: htmlmanager, buzzfeed (+ fine buzzfeed_polls), notifications, foodpic_dashboard,
 * general_pdf_documents, bannerPrograms (+ fine banner_editProgramAccess to edit).
 *
 *   GET  /html-pages?search=&status=&foodcourt=&sort=&page=    POST; GET|PUT|DELETE /html-pages/:id (version-checked)
 *   GET  /html-pages/:id/revisions                              every saved, published and reverted revision, newest first
 *   POST /html-pages/:id/publish {version}                      the draft goes live;  …/unpublish {version}
 *   POST /html-pages/:id/revert {revision, version}             the draft becomes that revision again (a new revision)
 *   GET  /buzzfeed/posts?search=&state=&foodcourt=&sort=&page=  POST; GET|PUT|DELETE /buzzfeed/posts/:id (poll results live)
 *   GET  /notifications?search=&status=&sort=&page=             POST; GET|PUT|DELETE /notifications/:id
 *   POST /notifications/:id/cancel {version}                    stops a scheduled or repeating one
 *   POST /notifications/:id/test                                sends it to the signed-in user only
 *   GET  /notifications/:id/runs                                every run with its progress and counts
 *   POST /notifications/audience {audience, foodcourts, groups} how many customers it would reach
 *   POST /foodpic/match (multipart: restaurant, images[])       previews: each picture's item match and problems
 *   POST /foodpic/apply {batch, restaurant, matches}            sized with sharp, stored, set on the items
 *   GET  /documents?search=&foodcourt=&category=&state=&…       POST; GET|PUT|DELETE /documents/:id
 *   POST /documents/:id/file (multipart file)                   a new revision (a real PDF only)
 *   GET  /documents/:id/revisions;  GET /documents/:id/file?revision=   the PDF
 *   GET  /banner-programs?search=&slot=&status=&foodcourt=&…    POST; GET|PUT|DELETE /banner-programs/:id
 *   The ordering apps (API key):
 *   GET  /content/pages/:slug?foodcourt=                        a published page (the site's own, else the shared one)
 *   GET  /content/buzzfeed?foodcourt=                           live posts, pinned first, with poll results
 *   POST /content/buzzfeed/:id/vote {customer_ref, option}      one vote per customer: a second is not counted
 *   GET  /content/notifications?foodcourt=                      in-app notifications sent in the last 30 days
 *   GET  /content/documents?foodcourt=;  GET /content/documents/:id/file   public, unexpired documents
 *   GET  /content/banners?foodcourt=&slot=&channel=             banners of live programs, by priority and order
 */

const stamp = { version: z.number().int().min(1) };
const site = z.string().trim().min(1).max(200);

// ---------- HTML pages ----------
export const HTML_PAGE_SORT = ['title', 'slug', 'status', 'updated_at'] as const;
const htmlFilters = { status: z.enum(HTML_PAGE_STATUSES).optional(), foodcourt: site.optional() };
export const htmlPageListQuery = listQuerySchema(HTML_PAGE_SORT, htmlFilters);
export const htmlPageExportQuery = exportQuerySchema(HTML_PAGE_SORT, htmlFilters);
export const htmlPageListAnswer = listAnswerSchema('pages', htmlPageSchema);
export const htmlPageAnswer = successEnvelope({ message: z.string(), page: htmlPageSchema });
export const htmlRevisionsAnswer = successEnvelope({ revisions: z.array(htmlRevisionSchema) });
export const publishBody = z.object(stamp);
export const revertBody = z.object({ ...stamp, revision: z.number().int().min(1) });
export const publicPageQuery = z.object({ foodcourt: site.optional() });
export const publicPageAnswer = successEnvelope({
  slug: z.string(),
  title: z.string(),
  html: z.string(),
  foodcourt: z.string().nullable(),
  published_at: z.string(),
});

// ---------- news feed ----------
export const NEWS_POST_SORT = ['title', 'publish_at', 'updated_at'] as const;
const postFilters = {
  state: z.enum(['draft', 'scheduled', 'live', 'expired']).optional(),
  foodcourt: site.optional(),
};
export const newsPostListQuery = listQuerySchema(NEWS_POST_SORT, postFilters);
export const newsPostExportQuery = exportQuerySchema(NEWS_POST_SORT, postFilters);
export const newsPostListAnswer = listAnswerSchema('posts', newsPostSchema);
export const newsPostAnswer = successEnvelope({ message: z.string(), post: newsPostSchema });
export const publicFeedQuery = z.object({ foodcourt: site.optional() });
export const publicFeedAnswer = successEnvelope({
  posts: z.array(
    newsPostSchema.pick({
      id: true,
      title: true,
      body: true,
      media: true,
      link: true,
      pinned: true,
      publish_at: true,
      expires_at: true,
      poll: true,
    }),
  ),
});
export const voteBody = z.object({
  customer_ref: z.string().trim().min(1).max(100),
  option: z.number().int().min(0).meta({ description: 'Index of the option' }),
});
export const voteAnswer = successEnvelope({
  message: z.string(),
  counted: z.boolean().meta({ description: 'False when this customer had already voted' }),
  poll: pollResultSchema,
});

// ---------- notifications ----------
export const NOTIFICATION_SORT = ['title', 'send_at', 'status', 'updated_at'] as const;
const notificationFilters = { status: z.enum(NOTIFICATION_STATUSES).optional() };
export const notificationListQuery = listQuerySchema(NOTIFICATION_SORT, notificationFilters);
export const notificationExportQuery = exportQuerySchema(NOTIFICATION_SORT, notificationFilters);
export const notificationListAnswer = listAnswerSchema('notifications', notificationSchema);
export const notificationAnswer = successEnvelope({ message: z.string(), notification: notificationSchema });
export const cancelNotificationBody = z.object(stamp);
export const notificationRunsAnswer = successEnvelope({ runs: z.array(notificationRunSchema) });
export const testSendAnswer = successEnvelope({ message: z.string(), run: notificationRunSchema });
export const audienceBody = z.object({
  audience: z.enum(NOTIFICATION_AUDIENCES),
  foodcourts: z.array(site).max(500).default([]),
  groups: z.array(z.number().int().min(1)).max(50).default([]),
});
export const audienceAnswer = successEnvelope({ count: z.number().int() });
export const publicNotificationsQuery = z.object({ foodcourt: site.optional() });
export const publicNotificationsAnswer = successEnvelope({
  notifications: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      body: z.string(),
      image: z.string().nullable(),
      link: z.string(),
      sent_at: z.string(),
    }),
  ),
});

// ---------- food pictures ----------
export const foodpicMatchAnswer = successEnvelope({
  batch: z.string().meta({ description: 'Hand it back to apply within an hour' }),
  restaurant: z.string(),
  previews: z.array(picturePreviewSchema),
});
export const foodpicApplyBody = z.object({
  batch: z.string().min(1).max(100),
  restaurant: site,
  matches: z
    .array(z.object({ file: z.string().min(1).max(100), foodid: z.string().trim().min(1).max(200) }))
    .min(1, 'Choose at least one picture to apply')
    .max(200),
});
export const foodpicApplyAnswer = successEnvelope({
  message: z.string(),
  applied: z.array(z.object({ file: z.string(), foodid: z.string(), image: z.string() })),
  skipped: z.array(z.object({ file: z.string(), foodid: z.string(), reason: z.string() })),
});

// ---------- documents ----------
export const DOCUMENT_SORT = ['title', 'category', 'expires_on', 'updated_at'] as const;
const documentFilters = {
  foodcourt: site.optional(),
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
  state: z.enum(['valid', 'expiring', 'expired', 'no_file']).optional(),
};
export const documentListQuery = listQuerySchema(DOCUMENT_SORT, documentFilters);
export const documentExportQuery = exportQuerySchema(DOCUMENT_SORT, documentFilters);
export const documentListAnswer = listAnswerSchema('documents', documentSchema);
export const documentAnswer = successEnvelope({ message: z.string(), document: documentSchema });
export const documentRevisionsAnswer = successEnvelope({ revisions: z.array(documentFileSchema) });
export const documentFileQuery = z.object({ revision: z.coerce.number().int().min(1).optional() });
export const publicDocumentsQuery = z.object({ foodcourt: site });
export const publicDocumentsAnswer = successEnvelope({
  documents: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      category: z.enum(DOCUMENT_CATEGORIES),
      restaurant: z.string().nullable(),
      expires_on: z.string().nullable(),
      url: z.string(),
      pages: z.number().int(),
      size: z.number().int(),
    }),
  ),
});

// ---------- banner programs ----------
export const BANNER_PROGRAM_SORT = ['name', 'slot', 'priority', 'updated_at'] as const;
const bannerFilters = {
  slot: z.enum(BANNER_SLOTS).optional(),
  status: z.enum(BANNER_STATUSES).optional(),
  foodcourt: site.optional(),
};
export const bannerProgramListQuery = listQuerySchema(BANNER_PROGRAM_SORT, bannerFilters);
export const bannerProgramExportQuery = exportQuerySchema(BANNER_PROGRAM_SORT, bannerFilters);
export const bannerProgramListAnswer = listAnswerSchema('programs', bannerProgramSchema);
export const bannerProgramAnswer = successEnvelope({ message: z.string(), program: bannerProgramSchema });
export const publicBannersQuery = z.object({
  foodcourt: site.optional(),
  slot: z.enum(BANNER_SLOTS),
  channel: z.enum(BANNER_CHANNELS).optional(),
});
export const publicBannersAnswer = successEnvelope({
  banners: z.array(
    z.object({
      program_id: z.number().int(),
      id: z.string(),
      media: z.string(),
      media_type: z.enum(['image', 'video']),
      alt: z.string(),
      link_type: z.string(),
      link: z.string(),
      seconds: z.number().int(),
    }),
  ),
});
