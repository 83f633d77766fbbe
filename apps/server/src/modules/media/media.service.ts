import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  BYTES_PER_MB,
  canAccessPage,
  fileExtension,
  GENERAL_MEDIA_GUIDE,
  imageManagerAction,
  isReadOnly,
  mediaTypeOf,
  parseKeywords,
  prefixClashingName,
  sanitizeFileName,
  type ImageManagerActionRule,
  type ImageManagerItem,
  type MediaFileError,
  type MediaKind,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { mediaImages, type MediaImageRow, type UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { updateVersioned } from '../../lib/versioned.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { CONTENT_TYPES, FORMAT_EXTENSIONS, inspectFile, type Inspection } from './media-inspect.js';
import type { SpooledFile } from './upload-spool.js';

import type { Actor } from '../../lib/actor.js';

export type { Actor };
export type MediaSettings = {
  /** Absolute address of the deployment; urls are `<publicUrl>/files/<key>`. */
  publicUrl: string;
  /** Limits of the general media library (MEDIA_IMAGE_MAX_MB, MEDIA_VIDEO_MAX_MB). */
  imageMaxMB: number;
  videoMaxMB: number;
};

/** Files of the image manager live under this key prefix, which GET /files serves publicly. */
export const MEDIA_KEY_PREFIX = 'media';
const LIST_LIMIT = 1000;
const NAME_RETRIES = 5;

type FileVerdict = { file: SpooledFile; name: string; errors: MediaFileError[]; inspection: Inspection | null };

export class MediaService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly settings: MediaSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The action's rule, with the configured limits applied to the general library. */
  rule(action: string): ImageManagerActionRule {
    const rule = imageManagerAction(action);
    if (rule.guide === GENERAL_MEDIA_GUIDE && rule.guide.image && rule.guide.video) {
      return {
        ...rule,
        guide: {
          ...rule.guide,
          image: { ...rule.guide.image, maxSizeMB: this.settings.imageMaxMB },
          video: { ...rule.guide.video, maxSizeMB: this.settings.videoMaxMB },
        },
      };
    }
    return rule;
  }

  /** The largest file any action accepts: the upload stream stops there. */
  maxFileBytes(): number {
    return Math.ceil(Math.max(1, this.settings.imageMaxMB, this.settings.videoMaxMB) * BYTES_PER_MB);
  }

  /**
   * The page rule of the action (spec 001 §7 calls imagemanager from several screens): the user holds one
   * of its pages; writes need one that is not read-only; the food court (restaurant images) or the restaurant
   * (menu item and submenu images) named by the value must be in the user's sites — 404 when it does not exist,
   * 403 when it is not theirs. A shared value (`submenu_image`) needs its own pages instead.
   */
  async assertAccess(user: UserRow, action: string, value: string, mode: 'read' | 'write'): Promise<void> {
    const rule = this.rule(action);
    const shared = rule.sharedValues && Object.hasOwn(rule.sharedValues, value) ? rule.sharedValues[value] : null;
    const pages = (shared ?? rule.pages).filter((p) => canAccessPage(user, p));
    if (pages.length === 0) throw forbidden();
    if (mode === 'write' && pages.every((p) => isReadOnly(user, p))) {
      throw new AppError(403, 'readOnly', 'You have read-only access to this page');
    }
    if (shared) return;
    if (rule.valueIsRestaurant) {
      // The restaurant must exist (404) and be one of the user's sites (403), as for every menu call.
      await loadMenuRestaurant(this.db, value, user);
    }
    if (rule.valueIsFoodcourt) {
      const scope = await loadSiteScope(this.db, user);
      const inScope = scope.foodcourts.has(value) || [...scope.restaurants].some((r) => r.startsWith(`${value}:`));
      if (!inScope) {
        if (scope.all) throw notFound('foodcourtNotFound', `No food court ${value}`);
        throw forbidden('You do not have access to this food court');
      }
    }
  }

  toItem(row: MediaImageRow): ImageManagerItem {
    return {
      id: row.id,
      url: `${this.settings.publicUrl}/files/${row.storage_key}`,
      name: row.name,
      keywords: row.keywords,
      width: row.width,
      height: row.height,
      size: row.size,
      file_ext: row.file_ext,
      type: row.type,
      action: row.action,
      value: row.value,
      uploaded_by: row.uploaded_by,
      uploaded_at: row.uploaded_at.toISOString(),
      version: row.version,
    };
  }

  async list(query: { action: string; value: string; search?: string }): Promise<ImageManagerItem[]> {
    const where: SQL[] = [eq(mediaImages.action, query.action), eq(mediaImages.value, query.value)];
    if (query.search) {
      const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        sql`(${mediaImages.name} ilike ${like} or ${mediaImages.storage_key} ilike ${like} or ${mediaImages.keywords}::text ilike ${like})`,
      );
    }
    const rows = await this.db
      .select()
      .from(mediaImages)
      .where(and(...where))
      .orderBy(desc(mediaImages.uploaded_at), desc(mediaImages.id))
      .limit(LIST_LIMIT);
    return rows.map((r) => this.toItem(r));
  }

  private async judge(file: SpooledFile, rule: ImageManagerActionRule): Promise<FileVerdict> {
    const name = sanitizeFileName(file.filename);
    const ext = fileExtension(name);
    const kind: MediaKind = mediaTypeOf(ext) === 'video' ? 'video' : 'image';
    const part = rule.guide[kind];
    const errors: MediaFileError[] = [];
    if (!part || !part.formats.includes(ext)) {
      errors.push('invalidFormat');
      return { file, name, errors, inspection: null };
    }
    if (file.truncated || file.size > part.maxSizeMB * BYTES_PER_MB) errors.push('invalidSize');
    if (errors.length) return { file, name, errors, inspection: null };
    const inspection = await inspectFile(file.path, file.head);
    // The content decides: a .png name holding anything but a PNG is refused.
    if (!inspection || !FORMAT_EXTENSIONS[inspection.format].includes(ext)) errors.push('invalidFile');
    return { file, name, errors, inspection };
  }

  private refusal(verdicts: FileVerdict[], rule: ImageManagerActionRule): AppError {
    const failed = verdicts.filter((v) => v.errors.length > 0);
    const describe = (v: FileVerdict, error: MediaFileError) => {
      const kind: MediaKind = mediaTypeOf(fileExtension(v.name)) === 'video' ? 'video' : 'image';
      const part = rule.guide[kind];
      switch (error) {
        case 'invalidFormat': {
          const formats = [...(rule.guide.image?.formats ?? []), ...(rule.guide.video?.formats ?? [])];
          return `${v.file.filename}: invalid format (allowed: ${formats.join(', ')})`;
        }
        case 'invalidSize':
          return `${v.file.filename}: invalid size (at most ${part?.maxSizeMB ?? 0}MB)`;
        default:
          return `${v.file.filename}: invalid file (its content is not a valid ${fileExtension(v.name)} file)`;
      }
    };
    const first = failed[0]!;
    return badRequest(first.errors[0]!, failed.map((v) => v.errors.map((e) => describe(v, e)).join('; ')).join('; '), {
      file: first.file.filename,
      files: failed.map((v) => ({ name: v.file.filename, errors: v.errors })),
    });
  }

  /** Checks every file first; stores all or none. Clashing names get a numeric prefix. */
  async upload(
    actor: Actor,
    fields: { action: string; value: string; keywords?: string },
    files: SpooledFile[],
  ): Promise<ImageManagerItem[]> {
    if (files.length === 0) throw badRequest('noFiles', `Choose at least one file to upload (field "images")`);
    const rule = this.rule(fields.action);
    const verdicts: FileVerdict[] = [];
    for (const file of files) verdicts.push(await this.judge(file, rule));
    if (verdicts.some((v) => v.errors.length > 0)) throw this.refusal(verdicts, rule);

    const keywords = parseKeywords(fields.keywords).slice(0, 20);
    const stored: { verdict: FileVerdict; key: string }[] = [];
    try {
      for (const verdict of verdicts) {
        const ext = fileExtension(verdict.name);
        const key = `${MEDIA_KEY_PREFIX}/${crypto.randomUUID()}.${ext}`;
        await this.files.put(key, fs.createReadStream(verdict.file.path), {
          contentType: CONTENT_TYPES[verdict.inspection!.format],
          size: verdict.file.size,
        });
        stored.push({ verdict, key });
      }
      const rows = await this.insertRows(actor, fields, keywords, stored);
      return rows.map((r) => this.toItem(r));
    } catch (err) {
      await Promise.all(stored.map((s) => this.files.delete(s.key).catch(() => undefined)));
      throw err;
    }
  }

  private async insertRows(
    actor: Actor,
    fields: { action: string; value: string },
    keywords: string[],
    stored: { verdict: FileVerdict; key: string }[],
  ): Promise<MediaImageRow[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.transaction(async (tx) => {
          const rows: MediaImageRow[] = [];
          const assigned: string[] = [];
          for (const { verdict, key } of stored) {
            const base = verdict.name;
            const clashing = await tx
              .select({ name: mediaImages.name })
              .from(mediaImages)
              .where(
                and(
                  eq(mediaImages.action, fields.action),
                  eq(mediaImages.value, fields.value),
                  sql`right(lower(${mediaImages.name}), ${base.length}) = ${base.toLowerCase()}`,
                ),
              );
            const name = prefixClashingName(base, [...clashing.map((c) => c.name), ...assigned]);
            assigned.push(name);
            const ext = fileExtension(base);
            const inspection = verdict.inspection!;
            const [row] = await tx
              .insert(mediaImages)
              .values({
                action: fields.action,
                value: fields.value,
                name,
                storage_key: key,
                content_type: CONTENT_TYPES[inspection.format],
                file_ext: ext,
                type: mediaTypeOf(ext),
                size: verdict.file.size,
                width: inspection.width,
                height: inspection.height,
                keywords,
                uploaded_by: actor.user.userid,
                updated_by: actor.user.userid,
              })
              .returning();
            await audit(tx, {
              actor: actor.user.userid,
              action: 'create',
              entity: 'media_image',
              entityId: String(row!.id),
              after: row,
              ip: actor.ip,
            });
            rows.push(row!);
          }
          return rows;
        });
      } catch (err) {
        // Someone stored the same name meanwhile: pick the names again.
        if (uniqueViolation(err)?.includes('media_images_name_key') && attempt < NAME_RETRIES) continue;
        throw err;
      }
    }
  }

  private async find(id: number): Promise<MediaImageRow> {
    const [row] = await this.db.select().from(mediaImages).where(eq(mediaImages.id, id));
    if (!row) throw notFound('imageNotFound', `No image ${id}`);
    return row;
  }

  /** Reads one image after checking the caller may see its action. */
  async get(user: UserRow, id: number, mode: 'read' | 'write'): Promise<MediaImageRow> {
    const row = await this.find(id);
    await this.assertAccess(user, row.action, row.value, mode);
    return row;
  }

  async update(
    actor: Actor,
    id: number,
    body: { name?: string; keywords?: string[]; version: number },
  ): Promise<ImageManagerItem> {
    const before = await this.get(actor.user, id, 'write');
    if (before.version !== body.version) throw versionConflict('This image', before);
    let name = before.name;
    if (body.name !== undefined) {
      name = sanitizeFileName(body.name);
      // The name keeps the file's real extension.
      const ext = fileExtension(name);
      const same =
        ext === before.file_ext || (['jpg', 'jpeg'].includes(ext) && ['jpg', 'jpeg'].includes(before.file_ext));
      if (!same) name = `${name}.${before.file_ext}`;
    }
    try {
      const after = await this.db.transaction((tx) =>
        updateVersioned(tx, {
          table: mediaImages,
          where: eq(mediaImages.id, id),
          version: body.version,
          set: { name, keywords: body.keywords ?? before.keywords },
          actor,
          entity: 'media_image',
          entityId: String(id),
          what: 'This image',
          before,
          missing: () => notFound('imageNotFound', `No image ${id}`),
        }),
      );
      return this.toItem(after);
    } catch (err) {
      if (uniqueViolation(err)?.includes('media_images_name_key')) {
        throw new AppError(409, 'nameExists', `Another file is already named ${name}`, { field: 'name' });
      }
      throw err;
    }
  }

  /** Removes the record (audited) and then its file. */
  async remove(actor: Actor, id: number): Promise<void> {
    const before = await this.get(actor.user, id, 'write');
    await this.db.transaction(async (tx) => {
      await tx.delete(mediaImages).where(eq(mediaImages.id, id));
      await audit(tx, {
        actor: actor.user.userid,
        action: 'delete',
        entity: 'media_image',
        entityId: String(id),
        before,
        ip: actor.ip,
      });
    });
    try {
      await this.files.delete(before.storage_key);
    } catch (err) {
      // The record is gone; an orphan file is harmless and is reported for clean-up.
      this.log.error({ err, key: before.storage_key }, 'could not delete a media file');
    }
  }
}
