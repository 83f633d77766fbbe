import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  BYTES_PER_MB,
  FOODPIC_MAX_SIDE,
  fileExtension,
  matchPicture,
  mediaTypeOf,
  prefixClashingName,
  sanitizeFileName,
  THUMBNAIL_GUIDE,
  type PicturePreview,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodItems, foodpicBatches, mediaImages, type FoodItemRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { CONTENT_TYPES, FORMAT_EXTENSIONS, inspectFile, MAX_INPUT_PIXELS } from '../media/media-inspect.js';
import { MEDIA_KEY_PREFIX } from '../media/media.service.js';
import type { SpooledFile } from '../media/upload-spool.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { touchMenu } from '../menu/menu-cache.js';

/** Uploaded pictures wait for "apply" here: not a public prefix of GET /files, and removed after an hour. */
export const FOODPIC_TMP_PREFIX = 'foodpic-tmp';
export const FOODPIC_BATCH_TTL_MS = 60 * 60 * 1000;
/** The image manager's action the pictures are stored under (value: the restaurant), as the item editor does. */
const MENU_ITEM_ACTION = 'menu_item';
/**
 * What a picture may be: the item images' formats (THUMBNAIL_GUIDE: jpg, jpeg, png — a menu item shows a still
 * picture, so no gif), up to the general library's image size (MEDIA_IMAGE_MAX_MB, 2 MB by default): originals
 * are larger than item images, and are made smaller here.
 */
const FORMATS = THUMBNAIL_GUIDE.image!.formats;
const THUMB_SIDE = 64;
const NAME_RETRIES = 5;

type BatchFile = { token: string; name: string; key: string; ok: boolean };
export type FoodpicMatch = { file: string; foodid: string };
export type ApplyResult = {
  applied: { file: string; foodid: string; image: string }[];
  skipped: { file: string; foodid: string; reason: string }[];
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export class FoodpicService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly settings: { publicUrl: string; imageMaxMB: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The largest picture accepted; the upload stops writing a file beyond it. */
  maxFileBytes() {
    return Math.ceil(this.settings.imageMaxMB * BYTES_PER_MB);
  }

  /** The restaurant exists (404) and is one of the user's sites (403). */
  restaurant(actor: Pick<Actor, 'user'>, restaurant: string) {
    return loadMenuRestaurant(this.db, restaurant, actor.user);
  }

  /** Why a picture cannot be used (the media guide, judged by its content); empty when it can. */
  private async problems(file: SpooledFile) {
    const ext = fileExtension(sanitizeFileName(file.filename));
    if (!FORMATS.includes(ext))
      return { problems: [`Not a picture we take (allowed: ${FORMATS.join(', ')})`], inspection: null };
    if (file.truncated || file.size > this.maxFileBytes())
      return { problems: [`Larger than ${this.settings.imageMaxMB} MB`], inspection: null };
    const inspection = await inspectFile(file.path, file.head);
    if (!inspection || !FORMAT_EXTENSIONS[inspection.format].includes(ext))
      return { problems: [`Its content is not a valid ${ext} picture`], inspection: null };
    return { problems: [], inspection };
  }

  private async thumbnail(filePath: string): Promise<string | null> {
    try {
      const { default: sharp } = await import('sharp');
      const data = await sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 60 })
        .toBuffer();
      return `data:image/webp;base64,${data.toString('base64')}`;
    } catch {
      return null;
    }
  }

  /** Removes batches older than an hour, with their files. */
  async cleanExpired(now = new Date()) {
    const cutoff = new Date(now.getTime() - FOODPIC_BATCH_TTL_MS);
    const old = await this.db.delete(foodpicBatches).where(lt(foodpicBatches.created_at, cutoff)).returning();
    for (const batch of old)
      for (const f of batch.files)
        if (f.key)
          await this.files.delete(f.key).catch((err: unknown) => this.log.warn({ err, key: f.key }, 'foodpic'));
  }

  /**
   * Checks each picture, matches its name to the restaurant's items (core matchPicture: the item id, else the
   * name) and keeps the usable ones for an hour under a new batch.
   */
  async match(actor: Actor, restaurantId: string, spooled: SpooledFile[]) {
    const restaurant = await this.restaurant(actor, restaurantId);
    if (spooled.length === 0) throw badRequest('noFiles', 'Choose at least one picture (field "images")');
    await this.cleanExpired();
    const items = await this.db
      .select({ foodid: foodItems.foodid, name: foodItems.foodname, imageurl: foodItems.imageurl })
      .from(foodItems)
      .where(eq(foodItems.restaurant, restaurant.restaurant));
    const current = new Map(items.map((i) => [i.foodid, i.imageurl]));
    const batch = crypto.randomBytes(16).toString('base64url');
    const entries: BatchFile[] = [];
    const previews: PicturePreview[] = [];
    try {
      for (const file of spooled) {
        const token = crypto.randomBytes(9).toString('base64url');
        const { problems, inspection } = await this.problems(file);
        let key = '';
        if (problems.length === 0) {
          key = `${FOODPIC_TMP_PREFIX}/${batch}/${token}.${fileExtension(sanitizeFileName(file.filename))}`;
          await this.files.put(key, fs.createReadStream(file.path), {
            contentType: CONTENT_TYPES[inspection!.format],
            size: file.size,
          });
        }
        entries.push({ token, name: file.filename, key, ok: problems.length === 0 });
        const m = matchPicture(file.filename, items);
        previews.push({
          file: token,
          name: file.filename,
          size: file.size,
          width: inspection?.width ?? null,
          height: inspection?.height ?? null,
          thumbnail: problems.length === 0 ? await this.thumbnail(file.path) : null,
          problems,
          match:
            m.kind === 'id' || m.kind === 'name'
              ? { ...m, current_image: current.get(m.foodid) ?? '' }
              : m.kind === 'ambiguous'
                ? { kind: 'ambiguous', candidates: m.candidates.map((c) => ({ foodid: c.foodid, name: c.name })) }
                : { kind: 'none' },
        });
      }
      await this.db
        .insert(foodpicBatches)
        .values({ id: batch, restaurant: restaurant.restaurant, files: entries, created_by: actor.user.userid });
    } catch (err) {
      await Promise.all(entries.filter((e) => e.key).map((e) => this.files.delete(e.key).catch(() => undefined)));
      throw err;
    }
    return { batch, restaurant: restaurant.restaurant, previews };
  }

  /** A batch of this user's, not expired: 404 otherwise. */
  private async batch(actor: Actor, id: string) {
    const [batch] = await this.db.select().from(foodpicBatches).where(eq(foodpicBatches.id, id));
    if (!batch || batch.created_by !== actor.user.userid)
      throw notFound('batchNotFound', 'These pictures are not known: upload them again');
    if (Date.now() - batch.created_at.getTime() > FOODPIC_BATCH_TTL_MS)
      throw notFound('batchExpired', 'These pictures were uploaded more than an hour ago: upload them again');
    return batch;
  }

  /** The stored picture, resized to FOODPIC_MAX_SIDE on its long side (never enlarged), turned upright, no metadata. */
  private async resized(key: string, ext: string) {
    const stored = await this.files.get(key);
    if (!stored) throw new Error(`foodpic file ${key} is missing`);
    const { default: sharp } = await import('sharp');
    const image = sharp(await readAll(stored.stream), { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: FOODPIC_MAX_SIDE, height: FOODPIC_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const png = ext === 'png';
    const { data, info } = await (
      png ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: CONTENT_TYPES[png ? 'png' : 'jpeg'] };
  }

  /**
   * Sets the chosen pictures on the items: each is resized, stored as an image of the item image manager
   * (menu_item, the restaurant) and becomes the item's imageurl; every item of one apply changes in one
   * transaction (version moved on, audited, the menu's cache stamp touched). Matches that cannot apply are
   * skipped with the reason.
   */
  async apply(
    actor: Actor,
    body: { batch: string; restaurant: string; matches: FoodpicMatch[] },
  ): Promise<ApplyResult> {
    const restaurant = await this.restaurant(actor, body.restaurant);
    const batch = await this.batch(actor, body.batch);
    if (batch.restaurant !== restaurant.restaurant)
      throw badRequest('batchRestaurant', `These pictures were matched to ${batch.restaurant}`, {
        field: 'restaurant',
      });
    const files = new Map(batch.files.map((f) => [f.token, f]));
    const items = await this.db
      .select()
      .from(foodItems)
      .where(
        and(
          eq(foodItems.restaurant, restaurant.restaurant),
          inArray(
            foodItems.foodid,
            body.matches.map((m) => m.foodid),
          ),
        ),
      );
    const byId = new Map(items.map((i) => [i.foodid, i]));
    const skipped: ApplyResult['skipped'] = [];
    const chosen: { match: FoodpicMatch; file: BatchFile; item: FoodItemRow }[] = [];
    const taken = new Set<string>();
    for (const match of body.matches) {
      const file = files.get(match.file);
      const item = byId.get(match.foodid);
      const skip = (reason: string) => skipped.push({ ...match, reason });
      if (!file) skip('Not a picture of this upload');
      else if (!file.ok) skip(`${file.name} cannot be used: it did not pass the checks`);
      else if (!item) skip(`No item ${match.foodid} in ${restaurant.name}`);
      else if (taken.has(item.foodid)) skip(`Another picture was chosen for ${item.foodname}`);
      else {
        taken.add(item.foodid);
        chosen.push({ match, file, item });
      }
    }
    if (chosen.length === 0) return { applied: [], skipped };

    const stored: {
      key: string;
      name: string;
      ext: string;
      size: number;
      width: number;
      height: number;
      type: string;
    }[] = [];
    try {
      for (const { file } of chosen) {
        const name = sanitizeFileName(file.name);
        const ext = fileExtension(name);
        const picture = await this.resized(file.key, ext);
        const key = `${MEDIA_KEY_PREFIX}/${crypto.randomUUID()}.${ext}`;
        await this.files.put(key, picture.data, { contentType: picture.contentType, size: picture.data.length });
        stored.push({
          key,
          name,
          ext,
          size: picture.data.length,
          width: picture.width,
          height: picture.height,
          type: picture.contentType,
        });
      }
      const applied = await this.save(actor, restaurant.restaurant, chosen, stored);
      return { applied, skipped };
    } catch (err) {
      await Promise.all(stored.map((s) => this.files.delete(s.key).catch(() => undefined)));
      throw err;
    }
  }

  private async save(
    actor: Actor,
    restaurant: string,
    chosen: { match: FoodpicMatch; file: BatchFile; item: FoodItemRow }[],
    stored: { key: string; name: string; ext: string; size: number; width: number; height: number; type: string }[],
  ): Promise<ApplyResult['applied']> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.transaction(async (tx) => {
          const applied: ApplyResult['applied'] = [];
          const assigned: string[] = [];
          for (const [i, { match, item }] of chosen.entries()) {
            const s = stored[i]!;
            const clashing = await tx
              .select({ name: mediaImages.name })
              .from(mediaImages)
              .where(
                and(
                  eq(mediaImages.action, MENU_ITEM_ACTION),
                  eq(mediaImages.value, restaurant),
                  sql`right(lower(${mediaImages.name}), ${s.name.length}) = ${s.name.toLowerCase()}`,
                ),
              );
            const name = prefixClashingName(s.name, [...clashing.map((c) => c.name), ...assigned]);
            assigned.push(name);
            const [image] = await tx
              .insert(mediaImages)
              .values({
                action: MENU_ITEM_ACTION,
                value: restaurant,
                name,
                storage_key: s.key,
                content_type: s.type,
                file_ext: s.ext,
                type: mediaTypeOf(s.ext),
                size: s.size,
                width: s.width,
                height: s.height,
                keywords: [],
                uploaded_by: actor.user.userid,
                updated_by: actor.user.userid,
              })
              .returning();
            await audit(tx, {
              actor: actor.user.userid,
              action: 'create',
              entity: 'media_image',
              entityId: String(image!.id),
              after: image,
              ip: actor.ip,
            });
            // The same address the item editor stores when a picture is chosen in the image manager.
            const url = `${this.settings.publicUrl}/files/${s.key}`;
            const imagename = s.key.split('/').pop()!;
            const [after] = await tx
              .update(foodItems)
              .set({
                imageurl: url,
                details: sql`${foodItems.details} || ${JSON.stringify({ imagename, imagesource: MENU_ITEM_ACTION })}::jsonb`,
                version: sql`${foodItems.version} + 1`,
                updated_by: actor.user.userid,
                updated_at: new Date(),
              })
              .where(and(eq(foodItems.foodid, item.foodid), eq(foodItems.restaurant, restaurant)))
              .returning();
            if (!after) throw notFound('itemNotFound', `Menu item ${item.foodid} does not exist`);
            await audit(tx, {
              actor: actor.user.userid,
              action: 'update',
              entity: 'food_item',
              entityId: item.foodid,
              before: item,
              after,
              ip: actor.ip,
            });
            applied.push({ file: match.file, foodid: item.foodid, image: url });
          }
          await touchMenu(tx, restaurant);
          return applied;
        });
      } catch (err) {
        // Someone stored the same name meanwhile: pick the names again.
        if (uniqueViolation(err)?.includes('media_images_name_key') && attempt < NAME_RETRIES) continue;
        throw err;
      }
    }
  }
}
