import { z } from 'zod';
import * as rruleNs from 'rrule';
import { isSafeLink, safeLink } from '../links.js';
import type { RegionFlags } from '../regions.js';

/**
 * Content (issue 19; spec 000 §2.3 Content Management, §6, §9): HTML pages, the news feed ("buzzfeed") with
 * polls, notifications, food pictures, PDF documents and banner programs. The rules both the pages and the API
 * apply live here; HTML cleaning (sanitize-html) runs on the server, which is the only place that stores it.
 */

/** rrule ships ESM for bundlers and a UMD build for Node: its class is a named export in one, under default in the other. */
const RRule: typeof import('rrule').RRule =
  (rruleNs as { RRule?: typeof import('rrule').RRule }).RRule ??
  (rruleNs as unknown as { default: { RRule: typeof import('rrule').RRule } }).default.RRule;

/** Fine permissions of the content pages (spec 000 §6): polls on the news feed; editing banner programs. */
export const BUZZFEED_POLLS_PERMISSION = 'buzzfeed_polls';
export const BANNER_EDIT_PERMISSION = 'banner_editProgramAccess';

const siteId = z.string().trim().min(1).max(200);
const iso = z.iso.datetime({ offset: true, message: 'Use a date and time' });
const meta = { sender: z.string().max(20).optional(), lang: z.string().max(10).optional() };

/** A media address from the media chooser: http(s) or a path on this server. */
export const mediaUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((v) => /^(https?:\/\/[^\s<>"']+|\/[^\s<>"']*)$/i.test(v), 'Choose an image or video from the library');

// ---------- HTML pages (/htmlmanager) ----------

export const HTML_PAGE_STATUSES = ['draft', 'published'] as const;
export type HtmlPageStatus = (typeof HTML_PAGE_STATUSES)[number];
export const HTML_PAGE_LIMITS = { title: 150, slug: 80, html: 500_000, versions: 200 } as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const htmlPageBody = z.object({
  title: z.string().trim().min(1, 'Enter the page title').max(HTML_PAGE_LIMITS.title),
  slug: z
    .string()
    .trim()
    .min(1, 'Enter the address name')
    .max(HTML_PAGE_LIMITS.slug)
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (terms-of-use)'),
  /** Empty: every site of the client (or of the deployment without a client). */
  foodcourt: siteId.nullable().default(null),
  client: z.string().trim().max(100).nullable().default(null),
  html: z
    .string()
    .max(HTML_PAGE_LIMITS.html, `At most ${HTML_PAGE_LIMITS.html.toLocaleString('en')} characters`)
    .default(''),
  version: z.number().int().min(1).optional(),
  ...meta,
});
export type HtmlPageBody = z.output<typeof htmlPageBody>;

export const htmlPageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  foodcourt: z.string().nullable(),
  client: z.string().nullable(),
  html: z.string().meta({ description: 'The draft, cleaned by the server' }),
  status: z.enum(HTML_PAGE_STATUSES),
  /** Whether the draft differs from what is published. */
  changed: z.boolean(),
  published_revision: z.number().int().nullable(),
  published_at: z.string().nullable(),
  revision: z.number().int().meta({ description: 'The newest revision number (each save makes one)' }),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type HtmlPage = z.output<typeof htmlPageSchema>;

export const htmlRevisionSchema = z.object({
  revision: z.number().int(),
  title: z.string(),
  html: z.string(),
  kind: z.enum(['saved', 'published', 'reverted']),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type HtmlRevision = z.output<typeof htmlRevisionSchema>;

// ---------- news feed (/buzzfeed) and polls (buzzfeed_polls) ----------

export const POST_STATUSES = ['draft', 'published'] as const;
export const POST_LIMITS = { title: 150, body: 20_000, media: 10, options: 10, option: 100 } as const;

export const pollSchema = z.object({
  question: z.string().trim().min(1, 'Enter the question').max(300),
  options: z
    .array(z.string().trim().min(1, 'Enter the option').max(POST_LIMITS.option))
    .min(2, 'Give at least two options')
    .max(POST_LIMITS.options, `At most ${POST_LIMITS.options} options`)
    .refine((o) => new Set(o.map((x) => x.toLowerCase())).size === o.length, 'Options must differ'),
  closes_at: iso.nullable().default(null),
});
export type Poll = z.output<typeof pollSchema>;

export const newsPostBody = z
  .object({
    title: z.string().trim().min(1, 'Enter the title').max(POST_LIMITS.title),
    /** Plain text (line breaks kept): the server removes any markup; the apps show it as text. */
    body: z.string().max(POST_LIMITS.body).default(''),
    foodcourts: z.array(siteId).max(500).default([]).meta({ description: 'Empty: every site' }),
    media: z.array(mediaUrl).max(POST_LIMITS.media, `At most ${POST_LIMITS.media} images or videos`).default([]),
    link: safeLink.default(''),
    pinned: z.boolean().default(false),
    status: z.enum(POST_STATUSES).default('draft'),
    publish_at: iso.nullable().default(null),
    expires_at: iso.nullable().default(null),
    poll: pollSchema.nullable().default(null),
    version: z.number().int().min(1).optional(),
    ...meta,
  })
  .superRefine((p, ctx) => {
    if (p.publish_at && p.expires_at && Date.parse(p.expires_at) <= Date.parse(p.publish_at))
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'Must be after the publish time' });
  });
export type NewsPostBody = z.output<typeof newsPostBody>;

export const pollResultSchema = z.object({
  question: z.string(),
  closes_at: z.string().nullable(),
  closed: z.boolean(),
  options: z.array(z.object({ index: z.number().int(), text: z.string(), votes: z.number().int() })),
  votes: z.number().int(),
});
export type PollResult = z.output<typeof pollResultSchema>;

export const newsPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  foodcourts: z.array(z.string()),
  media: z.array(z.string()),
  link: z.string(),
  pinned: z.boolean(),
  status: z.enum(POST_STATUSES),
  publish_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** live (published and in its window), scheduled, expired or draft */
  state: z.enum(['draft', 'scheduled', 'live', 'expired']),
  poll: pollResultSchema.nullable(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type NewsPost = z.output<typeof newsPostSchema>;

export function postState(
  p: { status: string; publish_at: string | null; expires_at: string | null },
  now = new Date(),
): NewsPost['state'] {
  if (p.status !== 'published') return 'draft';
  if (p.publish_at && Date.parse(p.publish_at) > now.getTime()) return 'scheduled';
  if (p.expires_at && Date.parse(p.expires_at) <= now.getTime()) return 'expired';
  return 'live';
}

// ---------- notifications (/notifications) ----------

export const NOTIFICATION_CHANNELS = ['push', 'in_app', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_AUDIENCES = ['everyone', 'sites', 'groups'] as const;
export const NOTIFICATION_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const RECURRENCE_FREQS = ['daily', 'weekly', 'monthly'] as const;
export const RECURRENCE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** Spec 000 §9: the notification buttons wait this long before a second click counts (ms). */
export const NOTIFICATION_DEBOUNCE_MS = 2500;
/** Regions with the restriction flag (India's commercial-communication rules): sends only in these local hours. */
export const RESTRICTED_SEND_HOURS = { from: 10, to: 21 } as const;
export const NOTIFICATION_LIMITS = { title: 100, body: 1000, occurrences: 366 } as const;

export const recurrenceSchema = z.object({
  freq: z.enum(RECURRENCE_FREQS),
  interval: z.number().int().min(1).max(12).default(1),
  weekdays: z
    .array(z.enum(RECURRENCE_WEEKDAYS))
    .max(7)
    .default([])
    .meta({ description: 'Weekly only; empty: the first day' }),
  until: iso.nullable().default(null),
});
export type Recurrence = z.output<typeof recurrenceSchema>;

export const notificationBody = z
  .object({
    title: z.string().trim().min(1, 'Enter the title').max(NOTIFICATION_LIMITS.title),
    body: z.string().trim().min(1, 'Enter the message').max(NOTIFICATION_LIMITS.body),
    channels: z.array(z.enum(NOTIFICATION_CHANNELS)).min(1, 'Choose at least one channel'),
    audience: z.enum(NOTIFICATION_AUDIENCES),
    foodcourts: z.array(siteId).max(500).default([]),
    groups: z.array(z.number().int().min(1)).max(50).default([]),
    image: mediaUrl.nullable().default(null),
    link: safeLink.default(''),
    /** Empty: send now (when scheduled). */
    send_at: iso.nullable().default(null),
    recurrence: recurrenceSchema.nullable().default(null),
    /** draft keeps it; scheduled sends it at send_at (or now). */
    status: z.enum(['draft', 'scheduled']).default('draft'),
    version: z.number().int().min(1).optional(),
    ...meta,
  })
  .superRefine((n, ctx) => {
    if (n.audience === 'sites' && n.foodcourts.length === 0)
      ctx.addIssue({ code: 'custom', path: ['foodcourts'], message: 'Choose at least one site' });
    if (n.audience === 'groups' && n.groups.length === 0)
      ctx.addIssue({ code: 'custom', path: ['groups'], message: 'Choose at least one group' });
    if (n.recurrence && !n.send_at)
      ctx.addIssue({ code: 'custom', path: ['send_at'], message: 'A repeating notification needs its first time' });
    if (n.recurrence?.until && n.send_at && Date.parse(n.recurrence.until) <= Date.parse(n.send_at))
      ctx.addIssue({ code: 'custom', path: ['recurrence', 'until'], message: 'Must be after the first time' });
  });
export type NotificationBody = z.output<typeof notificationBody>;

/**
 * What the region's flags (spec 000 §9) allow: without the recurrence flag a notification cannot repeat; with the
 * restriction flag it goes only to chosen sites or groups (never everyone) and only between 10:00 and 21:00 local
 * time; the select-all flag hides "every site", which the API refuses as well. Returns problems by field.
 */
export function notificationRegionProblems(
  n: Pick<NotificationBody, 'audience' | 'recurrence' | 'send_at'>,
  flags: Pick<RegionFlags, 'hideNotificationSelectAll' | 'notificationRestriction' | 'notificationRecurrence'>,
  localHourOf: (iso: string | null) => number,
): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (n.recurrence && !flags.notificationRecurrence)
    out.push({ field: 'recurrence', message: 'Repeating notifications are not available in this region' });
  if (n.audience === 'everyone' && (flags.notificationRestriction || flags.hideNotificationSelectAll))
    out.push({ field: 'audience', message: 'Choose the sites or groups to notify' });
  if (flags.notificationRestriction) {
    const h = localHourOf(n.send_at);
    if (h < RESTRICTED_SEND_HOURS.from || h >= RESTRICTED_SEND_HOURS.to)
      out.push({
        field: 'send_at',
        message: `Notifications can be sent only between ${RESTRICTED_SEND_HOURS.from}:00 and ${RESTRICTED_SEND_HOURS.to}:00`,
      });
  }
  return out;
}

const FREQ = { daily: 3, weekly: 2, monthly: 1 } as const; // RRule.DAILY, WEEKLY, MONTHLY

/** The occurrences of a schedule after `after` (exclusive), at most `limit` (rrule, in UTC). */
export function nextOccurrences(sendAt: string, recurrence: Recurrence | null, after: Date, limit = 1): Date[] {
  const start = new Date(sendAt);
  if (!recurrence) return start > after && limit > 0 ? [start] : [];
  const rule = new RRule({
    freq: FREQ[recurrence.freq],
    interval: recurrence.interval,
    dtstart: start,
    until: recurrence.until ? new Date(recurrence.until) : null,
    byweekday:
      recurrence.freq === 'weekly' && recurrence.weekdays.length ? recurrence.weekdays.map((d) => RRule[d]) : null,
  });
  const out: Date[] = [];
  let cursor = after;
  for (let i = 0; i < limit; i++) {
    const next = rule.after(cursor, false);
    if (!next) break;
    out.push(next);
    cursor = next;
  }
  return out;
}

export const notificationRunSchema = z.object({
  id: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  test: z.boolean(),
  targeted: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** 0–100 */
  progress: z.number().int(),
  error: z.string().nullable(),
});
export type NotificationRun = z.output<typeof notificationRunSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  foodcourts: z.array(z.string()),
  groups: z.array(z.number().int()),
  image: z.string().nullable(),
  link: z.string(),
  send_at: z.string().nullable(),
  recurrence: recurrenceSchema.nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  next_run_at: z.string().nullable(),
  last_run: notificationRunSchema.nullable(),
  runs: z.number().int(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type Notification = z.output<typeof notificationSchema>;

// ---------- food pictures (/foodpic_dashboard) ----------

/** Food pictures are stored at most this big on their long side, as the menu's images are shown. */
export const FOODPIC_MAX_SIDE = 1200;
export const FOODPIC_MAX_FILES = 200;
/** The common item image library's action in the image manager (spec: commonItemImages). */
export const COMMON_ITEM_IMAGES_ACTION = 'commonItemImages';
export const COMMON_ITEM_IMAGES_VALUE = 'common';

/** A name reduced for matching: no extension, no case, no accents, words joined by single spaces. */
export function matchKey(name: string): string {
  return name
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type MatchableItem = { foodid: string; name: string };
export type PictureMatch =
  | { kind: 'id' | 'name'; foodid: string; name: string }
  | { kind: 'ambiguous'; candidates: MatchableItem[] }
  | { kind: 'none' };

/**
 * Matches a file name to an item: the item id exactly (case-insensitive), else the item name (as `matchKey`
 * reduces both); two items with the same name are ambiguous and must be chosen by hand.
 */
export function matchPicture(fileName: string, items: readonly MatchableItem[]): PictureMatch {
  const base = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .trim()
    .toLowerCase();
  const byId = items.find((i) => i.foodid.toLowerCase() === base);
  if (byId) return { kind: 'id', foodid: byId.foodid, name: byId.name };
  const key = matchKey(fileName);
  const named = items.filter((i) => matchKey(i.name) === key);
  if (named.length === 1) return { kind: 'name', foodid: named[0]!.foodid, name: named[0]!.name };
  if (named.length > 1) return { kind: 'ambiguous', candidates: named.slice(0, 10) };
  return { kind: 'none' };
}

export const picturePreviewSchema = z.object({
  file: z.string().meta({ description: 'Token of the uploaded file (for apply)' }),
  name: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnail: z.string().nullable().meta({ description: 'A small data URL of the picture' }),
  problems: z.array(z.string()).meta({ description: 'Why it cannot be used (the media guide)' }),
  match: z.discriminatedUnion('kind', [
    z.object({ kind: z.enum(['id', 'name']), foodid: z.string(), name: z.string(), current_image: z.string() }),
    z.object({ kind: z.literal('ambiguous'), candidates: z.array(z.object({ foodid: z.string(), name: z.string() })) }),
    z.object({ kind: z.literal('none') }),
  ]),
});
export type PicturePreview = z.output<typeof picturePreviewSchema>;

// ---------- PDF documents (/general_pdf_documents) ----------

export const DOCUMENT_CATEGORIES = ['menu', 'certificate', 'licence', 'policy', 'other'] as const;
export const DOCUMENT_MAX_MB = 20;
export const DOCUMENT_REMIND_DAYS = 30;

export const documentBody = z.object({
  title: z.string().trim().min(1, 'Enter the title').max(150),
  category: z.enum(DOCUMENT_CATEGORIES).default('other'),
  foodcourt: siteId,
  restaurant: siteId.nullable().default(null),
  expires_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
    .nullable()
    .default(null),
  remind_days: z.number().int().min(0).max(365).default(DOCUMENT_REMIND_DAYS),
  public: z.boolean().default(false).meta({ description: 'Shown to the ordering apps (menus, allergen sheets)' }),
  version: z.number().int().min(1).optional(),
  ...meta,
});
export type DocumentBody = z.output<typeof documentBody>;

export const documentFileSchema = z.object({
  revision: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
  pages: z.number().int(),
  url: z.string(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
});
export type DocumentFile = z.output<typeof documentFileSchema>;

export const documentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  foodcourt: z.string(),
  restaurant: z.string().nullable(),
  expires_on: z.string().nullable(),
  remind_days: z.number().int(),
  public: z.boolean(),
  /** valid, expiring (within remind_days), expired, or no_file */
  state: z.enum(['valid', 'expiring', 'expired', 'no_file']),
  file: documentFileSchema.nullable(),
  revisions: z.number().int(),
  reminded_at: z.string().nullable(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type PdfDocument = z.output<typeof documentSchema>;

/** A document's state on a date (YYYY-MM-DD, the business date). */
export function documentState(
  d: { expires_on: string | null; remind_days: number; has_file: boolean },
  today: string,
): PdfDocument['state'] {
  if (!d.has_file) return 'no_file';
  if (!d.expires_on) return 'valid';
  if (d.expires_on < today) return 'expired';
  const remindFrom = new Date(`${d.expires_on}T00:00:00Z`);
  remindFrom.setUTCDate(remindFrom.getUTCDate() - d.remind_days);
  return today >= remindFrom.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}

// ---------- banner programs (/bannerPrograms; banner_editProgramAccess) ----------

export const BANNER_SLOTS = ['app_home', 'kiosk_idle', 'menu_top'] as const;
export type BannerSlot = (typeof BANNER_SLOTS)[number];
export const BANNER_CHANNELS = ['app', 'web', 'kiosk', 'imd'] as const;
export const BANNER_LINK_TYPES = ['none', 'item', 'category', 'page', 'url'] as const;
export const BANNER_STATUSES = ['draft', 'active', 'paused'] as const;
export const BANNER_LIMITS = { banners: 20, alt: 200 } as const;
/** The slots' shapes (width × height) the preview draws and the guide suggests. */
export const BANNER_SLOT_SIZES: Record<BannerSlot, { width: number; height: number }> = {
  app_home: { width: 1080, height: 540 },
  kiosk_idle: { width: 1080, height: 1920 },
  menu_top: { width: 1200, height: 300 },
};

export const bannerSchema = z
  .object({
    id: z.string().trim().min(1).max(40).meta({ description: 'Stable id within the program (client-made)' }),
    media: mediaUrl,
    media_type: z.enum(['image', 'video']).default('image'),
    alt: z.string().trim().max(BANNER_LIMITS.alt).default(''),
    link_type: z.enum(BANNER_LINK_TYPES).default('none'),
    link: z.string().trim().max(2000).default(''),
    seconds: z.number().int().min(2).max(120).default(6),
  })
  .superRefine((b, ctx) => {
    if (b.link_type === 'url' && (!b.link || !isSafeLink(b.link)))
      ctx.addIssue({ code: 'custom', path: ['link'], message: 'Use a web address starting with https://' });
    if ((b.link_type === 'item' || b.link_type === 'category' || b.link_type === 'page') && !b.link)
      ctx.addIssue({ code: 'custom', path: ['link'], message: 'Choose what the banner opens' });
    if (b.link_type !== 'url' && /[<>"'`]|javascript:/i.test(b.link))
      ctx.addIssue({ code: 'custom', path: ['link'], message: 'Not a valid reference' });
  });
export type Banner = z.output<typeof bannerSchema>;

export const bannerProgramBody = z
  .object({
    name: z.string().trim().min(1, 'Enter the program name').max(100),
    slot: z.enum(BANNER_SLOTS),
    foodcourts: z.array(siteId).max(500).default([]).meta({ description: 'Empty: every site' }),
    channels: z.array(z.enum(BANNER_CHANNELS)).min(1, 'Choose at least one channel'),
    status: z.enum(BANNER_STATUSES).default('draft'),
    starts_at: iso.nullable().default(null),
    ends_at: iso.nullable().default(null),
    priority: z.number().int().min(0).max(100).default(0),
    banners: z
      .array(bannerSchema)
      .max(BANNER_LIMITS.banners, `At most ${BANNER_LIMITS.banners} banners`)
      .default([])
      .refine((b) => new Set(b.map((x) => x.id)).size === b.length, 'Banner ids must differ'),
    version: z.number().int().min(1).optional(),
    ...meta,
  })
  .superRefine((p, ctx) => {
    if (p.starts_at && p.ends_at && Date.parse(p.ends_at) <= Date.parse(p.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'Must be after the start' });
    if (p.status === 'active' && p.banners.length === 0)
      ctx.addIssue({ code: 'custom', path: ['banners'], message: 'Add a banner before making the program active' });
  });
export type BannerProgramBody = z.output<typeof bannerProgramBody>;

export const bannerProgramSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slot: z.enum(BANNER_SLOTS),
  foodcourts: z.array(z.string()),
  channels: z.array(z.enum(BANNER_CHANNELS)),
  status: z.enum(BANNER_STATUSES),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  priority: z.number().int(),
  banners: z.array(
    z.object({
      id: z.string(),
      media: z.string(),
      media_type: z.enum(['image', 'video']),
      alt: z.string(),
      link_type: z.enum(BANNER_LINK_TYPES),
      link: z.string(),
      seconds: z.number().int(),
    }),
  ),
  /** Whether it shows now (active and in its window). */
  live: z.boolean(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type BannerProgram = z.output<typeof bannerProgramSchema>;

export function programLive(
  p: { status: string; starts_at: string | null; ends_at: string | null },
  now = new Date(),
): boolean {
  return (
    p.status === 'active' &&
    (!p.starts_at || Date.parse(p.starts_at) <= now.getTime()) &&
    (!p.ends_at || Date.parse(p.ends_at) > now.getTime())
  );
}
