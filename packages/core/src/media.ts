import { z } from 'zod';
import { versionNumber } from './numbers.js';
import { clientMeta } from './contracts/envelope.js';

/**
 * Media rules shared by the web (media guide, image manager, media chooser, image cropper) and the
 * imagemanager API: spec 000 §2.4, §3, §5 and spec 001 §2.2, §5.1, §9.
 */

// ---------------------------------------------------------------------------------------------------------
// Guides

export type MediaKind = 'image' | 'video';
/** The media item's type (spec 000 §3): a gif is told apart from other images. */
export type MediaType = 'image' | 'gif' | 'video';

export type ImageGuide = {
  /** Allowed file extensions, lower case, without the dot ('jpg', 'jpeg', 'png'). */
  formats: readonly string[];
  maxSizeMB: number;
  /** Required resolution; omitted means any resolution. */
  width?: number;
  height?: number;
};

export type VideoGuide = ImageGuide & {
  /** 'W:H', e.g. '16:9'; omitted means any aspect ratio. */
  aspectRatio?: string;
};

/** What a media picker accepts. A guide without `video` accepts only images, and the other way round. */
export type MediaGuide = {
  image?: ImageGuide;
  video?: VideoGuide;
  /** How many files one upload may carry. */
  maxCount: number;
};

/** Megabytes in guides are binary (1 MB = 1,048,576 bytes). */
export const BYTES_PER_MB = 1024 * 1024;

/** Spec 001 §9: a chosen file's resolution may differ from the guide's by up to 20 pixels each way. */
export const RESOLUTION_TOLERANCE_PX = 20;

/** How many files one upload may carry unless a guide says otherwise (the spec gives no number). */
export const DEFAULT_MEDIA_MAX_COUNT = 10;

/** Spec 000 §5: image up to 2MB jpg/jpeg/png at 1920x1080; video up to 5MB mp4 at 1920x1080, 16:9. */
export const DEFAULT_MEDIA_GUIDE: MediaGuide = {
  image: { formats: ['jpg', 'jpeg', 'png'], maxSizeMB: 2, width: 1920, height: 1080 },
  video: { formats: ['mp4'], maxSizeMB: 5, width: 1920, height: 1080, aspectRatio: '16:9' },
  maxCount: DEFAULT_MEDIA_MAX_COUNT,
};

/** Spec 001 §5.1, §5.2, §9: thumbnails and item images are jpg, png or jpeg up to 1MB, any resolution. */
export const THUMBNAIL_GUIDE: MediaGuide = {
  image: { formats: ['jpg', 'jpeg', 'png'], maxSizeMB: 1 },
  maxCount: DEFAULT_MEDIA_MAX_COUNT,
};

/** Spec 001 §5.1: "Required props missing from the guide raise an error." */
export function assertMediaGuide(guide: unknown): asserts guide is MediaGuide {
  const fail = (what: string): never => {
    throw new Error(`Invalid media guide: ${what}`);
  };
  if (!guide || typeof guide !== 'object') fail('a guide is required');
  const g = guide as Partial<MediaGuide>;
  if (!g.image && !g.video) fail('it needs an image or a video part');
  for (const kind of ['image', 'video'] as const) {
    const part = g[kind];
    if (!part) continue;
    if (!Array.isArray(part.formats) || part.formats.length === 0) fail(`${kind}.formats is required`);
    if (typeof part.maxSizeMB !== 'number' || !(part.maxSizeMB > 0)) fail(`${kind}.maxSizeMB is required`);
    if ((part.width === undefined) !== (part.height === undefined)) fail(`${kind}: give both width and height`);
  }
  if (g.video?.aspectRatio !== undefined && !parseAspectRatio(g.video.aspectRatio)) {
    fail('video.aspectRatio must look like 16:9');
  }
  if (typeof g.maxCount !== 'number' || !Number.isInteger(g.maxCount) || g.maxCount < 1) fail('maxCount is required');
}

// ---------------------------------------------------------------------------------------------------------
// Names and types

const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'ogv']);

/** The extension of a file name or URL, lower case without the dot; '' when there is none. */
export function fileExtension(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const last = path.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** Spec 000 §3: a media item's type from its file_ext (with or without the dot). */
export function mediaTypeOf(fileExt: string): MediaType {
  const ext = fileExt.replace(/^\./, '').toLowerCase();
  if (ext === 'gif') return 'gif';
  if (VIDEO_EXTENSIONS.has(ext)) return 'video';
  return 'image';
}

/** A media item's type: its `type` when given, else from `file_ext`, else from its URL's extension. */
export function mediaTypeOfItem(item: { url: string; file_ext?: string | null; type?: MediaType | null }): MediaType {
  if (item.type) return item.type;
  return mediaTypeOf(item.file_ext || fileExtension(item.url));
}

export function mediaKindOf(fileExt: string): MediaKind {
  return mediaTypeOf(fileExt) === 'video' ? 'video' : 'image';
}

/** The longest stored file name (characters), prefix included. */
export const MEDIA_NAME_MAX = 120;

/**
 * A file name safe to store and show: letters, digits, '.', '_' and '-' only (others become '_'), no leading
 * dots, at most MEDIA_NAME_MAX characters with the extension kept.
 */
export function sanitizeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let clean = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .replace(/_+/g, '_');
  if (!clean) clean = 'file';
  if (clean.length > MEDIA_NAME_MAX) {
    const ext = fileExtension(clean);
    const keep = ext ? MEDIA_NAME_MAX - ext.length - 1 : MEDIA_NAME_MAX;
    clean = ext ? `${clean.slice(0, keep)}.${ext}` : clean.slice(0, keep);
  }
  return clean;
}

/**
 * Spec 000 §5, 001 §2.2: an upload whose name already exists gets a numeric prefix ('1_name.png',
 * '2_name.png', …): the first free one. Names compare without regard to case.
 */
export function prefixClashingName(name: string, existingNames: Iterable<string>): string {
  const taken = new Set([...existingNames].map((n) => n.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  for (let i = 1; ; i += 1) {
    const candidate = `${i}_${name}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Comma-separated keywords to a list: trimmed, empty ones dropped, duplicates (any case) dropped. */
export function parseKeywords(input: string | readonly string[] | null | undefined): string[] {
  if (!input) return [];
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((k) => k.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const k = raw.trim();
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Per-file checks of the media guide dialog (spec 001 §5.1, §8)

export type MediaFileError =
  'invalidFormat' | 'invalidSize' | 'invalidResolution' | 'invalidAspectRatio' | 'invalidFile';
export type MediaCountError = 'maxCountReached';

export type MediaFileFacts = {
  name: string;
  sizeBytes: number;
  kind: MediaKind;
  /** Pixel size as read from the file; ignored when the file could not be read. */
  width?: number | null;
  height?: number | null;
  /** False when the browser (or server) could not decode the file. */
  readable: boolean;
};

export function parseAspectRatio(ratio: string): { w: number; h: number } | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:/x]\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? { w, h } : null;
}

export function withinTolerance(actual: number, required: number, tolerance = RESOLUTION_TOLERANCE_PX): boolean {
  return Math.abs(actual - required) <= tolerance;
}

/**
 * The errors of one chosen file against a guide, in a fixed order. The aspect ratio holds when the height the
 * ratio asks for at the file's width is within the resolution tolerance.
 */
export function checkMediaFile(file: MediaFileFacts, guide: MediaGuide): MediaFileError[] {
  const errors: MediaFileError[] = [];
  const part = guide[file.kind];
  const ext = fileExtension(file.name);
  if (!part || !part.formats.map((f) => f.toLowerCase()).includes(ext)) errors.push('invalidFormat');
  const maxSizeMB = part?.maxSizeMB ?? 0;
  if (part && file.sizeBytes > maxSizeMB * BYTES_PER_MB) errors.push('invalidSize');
  if (!file.readable) {
    errors.push('invalidFile');
    return errors;
  }
  const width = file.width ?? 0;
  const height = file.height ?? 0;
  if (part && part.width !== undefined && part.height !== undefined) {
    if (!withinTolerance(width, part.width) || !withinTolerance(height, part.height)) errors.push('invalidResolution');
  }
  const ratio = file.kind === 'video' && guide.video?.aspectRatio ? parseAspectRatio(guide.video.aspectRatio) : null;
  if (ratio && (width <= 0 || !withinTolerance(height, (width * ratio.h) / ratio.w))) {
    errors.push('invalidAspectRatio');
  }
  return errors;
}

/** Spec 001 §4.1: more files than the guide's maxCount is refused. */
export function checkMediaCount(count: number, guide: Pick<MediaGuide, 'maxCount'>): MediaCountError | null {
  return count > guide.maxCount ? 'maxCountReached' : null;
}

// ---------------------------------------------------------------------------------------------------------
// Image cropper (spec 001 §2.2, §9)

export const CROP_ZOOM_MIN = 0.1;
export const CROP_ZOOM_MAX = 10;
export const CROP_ZOOM_STEP = 0.01;
export const CROP_ROTATION_MIN = 0;
export const CROP_ROTATION_MAX = 360;
export const DEFAULT_CROP_SIZE = 200;
/** Bounds of the square output width (the spec gives none). */
export const CROP_SIZE_MIN = 16;
export const CROP_SIZE_MAX = 4096;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return clamp(Math.round(zoom / CROP_ZOOM_STEP) * CROP_ZOOM_STEP, CROP_ZOOM_MIN, CROP_ZOOM_MAX);
}

export function clampRotation(rotation: number): number {
  if (!Number.isFinite(rotation)) return 0;
  return clamp(rotation, CROP_ROTATION_MIN, CROP_ROTATION_MAX);
}

/** The square output width: a whole number within CROP_SIZE_MIN..CROP_SIZE_MAX; anything else is null. */
export function parseCropSize(input: string | number): number | null {
  const n = typeof input === 'number' ? input : Number(String(input).trim());
  if (!Number.isInteger(n) || n < CROP_SIZE_MIN || n > CROP_SIZE_MAX) return null;
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// The imagemanager API (spec 001 §7): actions, their pages and what they accept

export type ImageManagerActionRule = {
  /** Holding any of these pages allows the action (admins hold every page). */
  pages: readonly string[];
  /** The guide the screens of this action use; the server enforces its formats and sizes. */
  guide: MediaGuide;
  /** Whether `value` names a food court the user must have in their sites. */
  valueIsFoodcourt?: boolean;
  /** Whether `value` names a restaurant the user must have in their sites. */
  valueIsRestaurant?: boolean;
  /**
   * Values that name no site, with the pages that may use each instead (the spec's `submenu_image`: the library of
   * price-book submenus, whose paths belong to no site).
   */
  sharedValues?: Readonly<Record<string, readonly string[]>>;
};

/** The general media library: the default guide's formats plus gif images (spec 000 §3 type gif), any size. */
export const GENERAL_MEDIA_GUIDE: MediaGuide = {
  image: { formats: ['jpg', 'jpeg', 'png', 'gif'], maxSizeMB: 2 },
  video: { formats: ['mp4'], maxSizeMB: 5 },
  maxCount: DEFAULT_MEDIA_MAX_COUNT,
};

/** The page of the general media library ("upload images"). */
export const MEDIA_LIBRARY_PAGE = 'foodpic_dashboard';

const library = (page: string): ImageManagerActionRule => ({
  pages: [page, MEDIA_LIBRARY_PAGE],
  guide: GENERAL_MEDIA_GUIDE,
});

/**
 * Known actions. Restaurant form images (value: food court id) need the restaurant page; submenu images need
 * submenu management or the price book (both open the submenu editor), with the restaurant as value in menu mode
 * or the spec's shared `submenu_image` (price-book holders only); menu item images (value: restaurant id) need
 * the menu or price-book page. A food court or restaurant named must be one of the user's sites. The content pages' media choosers (banners, notifications,
 * buzzfeed, html pages) use the general library with their own page. Any other action is the general
 * library under "upload images" (foodpic_dashboard).
 */
export const IMAGE_MANAGER_ACTIONS: Record<string, ImageManagerActionRule> = {
  restaurant: { pages: ['restaurant'], guide: THUMBNAIL_GUIDE, valueIsFoodcourt: true },
  sub_menu: {
    pages: ['subMenuManagement', 'pricebook'],
    guide: THUMBNAIL_GUIDE,
    valueIsRestaurant: true,
    sharedValues: { submenu_image: ['pricebook'] },
  },
  menu_item: { pages: ['editMenu', 'pricebook'], guide: THUMBNAIL_GUIDE, valueIsRestaurant: true },
  allergen: { pages: ['allergens'], guide: THUMBNAIL_GUIDE },
  banners: library('bannerPrograms'),
  notifications: library('notifications'),
  buzzfeed: library('buzzfeed'),
  htmlmanager: library('htmlmanager'),
  // The common item image library (spec: commonItemImages): pictures any restaurant's items may use.
  commonItemImages: library('foodpic_dashboard'),
};

export const DEFAULT_IMAGE_MANAGER_ACTION: ImageManagerActionRule = {
  pages: [MEDIA_LIBRARY_PAGE],
  guide: GENERAL_MEDIA_GUIDE,
};

export function imageManagerAction(action: string): ImageManagerActionRule {
  return Object.hasOwn(IMAGE_MANAGER_ACTIONS, action) ? IMAGE_MANAGER_ACTIONS[action]! : DEFAULT_IMAGE_MANAGER_ACTION;
}

const actionKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use letters, digits, _ or - (at most 40)');
const actionValue = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,120}$/, 'Use letters, digits, _ . : or - (at most 120)');

export const imageManagerListQuery = z.object({
  action: actionKey,
  value: actionValue,
  /** Matches the url, the name or a keyword, ignoring case. */
  search: z.string().trim().max(100).optional(),
  ...clientMeta,
});
export type ImageManagerListQuery = z.infer<typeof imageManagerListQuery>;

/** The text fields of the multipart upload (the files come as `images`). */
export const imageManagerUploadFields = z.object({
  action: actionKey,
  value: actionValue,
  keywords: z.string().max(1000).optional(),
  ...clientMeta,
});

export const KEYWORDS_MAX = 20;
export const KEYWORD_MAX_LENGTH = 50;

export const keywordList = z
  .union([z.string().max(1000), z.array(z.string().max(1000)).max(100)])
  .transform((v) => parseKeywords(v))
  .pipe(
    z
      .array(z.string().max(KEYWORD_MAX_LENGTH, `A keyword has at most ${KEYWORD_MAX_LENGTH} characters`))
      .max(KEYWORDS_MAX),
  );

export const imageManagerUpdateBody = z.object({
  name: z.string().trim().min(1).max(MEDIA_NAME_MAX).optional(),
  keywords: keywordList.optional(),
  /** The version the editor saw (DESIGN.md §5); 409 when someone saved first. */
  version: versionNumber(),
  ...clientMeta,
});
export type ImageManagerUpdateBody = z.input<typeof imageManagerUpdateBody>;

export const imageManagerItem = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  keywords: z.array(z.string()),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
  file_ext: z.string(),
  type: z.enum(['image', 'gif', 'video']),
  action: z.string(),
  value: z.string(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
  version: z.number().int(),
});
export type ImageManagerItem = z.infer<typeof imageManagerItem>;

/** GET imagemanager: `data` holds the images (the envelope's `result` is 'success'). */
export type ImageManagerListResponse = { result: 'success'; data: ImageManagerItem[] };
export type ImageManagerUploadResponse = { result: 'success'; message: string; data: ImageManagerItem[] };
export type ImageManagerUpdateResponse = { result: 'success'; message: string; data: ImageManagerItem };
