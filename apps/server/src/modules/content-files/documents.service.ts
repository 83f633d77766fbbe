import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  documentState,
  sanitizeFileName,
  type DOCUMENT_SORT,
  type DocumentBody,
  type DocumentFile,
  type ListQuery,
  type PdfDocument,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import {
  foodcourts,
  pdfDocumentFiles,
  pdfDocuments,
  restaurants,
  type PdfDocumentRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { FileStore, StoredFile } from '../../lib/file-store.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope, type SiteScope } from '../../lib/site-scope.js';
import { deleteVersioned, insertAudited, updateVersioned } from '../../lib/versioned.js';
import type { ReceivedPdf } from './pdf-upload.js';

/**
 * Documents live in the file store under this prefix. It is NOT one of the public prefixes of GET /files (only
 * `media` is), so a private document is never reachable without a session or an API key: they are served only
 * by the authenticated routes of this module.
 */
export const DOCUMENT_KEY_PREFIX = 'documents';

type FileRow = typeof pdfDocumentFiles.$inferSelect;
export type DocumentFilters = Partial<ListQuery> & {
  search?: string;
  foodcourt?: string;
  category?: string;
  state?: PdfDocument['state'];
};

/** The business date: documents expire by calendar day (UTC), the date a document's expires_on is compared with. */
export const businessToday = (now = new Date()) => now.toISOString().slice(0, 10);

const DOCUMENT_LIST: ListSpec<(typeof DOCUMENT_SORT)[number]> = {
  sortable: {
    title: text(pdfDocuments.title),
    category: pdfDocuments.category,
    expires_on: pdfDocuments.expires_on,
    updated_at: pdfDocuments.updated_at,
  },
  defaultSort: [text(pdfDocuments.title)],
  key: pdfDocuments.id,
  search: [pdfDocuments.title, pdfDocuments.foodcourt, pdfDocuments.restaurant],
};

/** core's documentState in SQL, for the state filter (the same rules, on the same date). */
const stateSql = (today: string): SQL<string> => sql<string>`case
  when ${pdfDocuments.revision} = 0 then 'no_file'
  when ${pdfDocuments.expires_on} is null then 'valid'
  when ${pdfDocuments.expires_on} < ${today}::date then 'expired'
  when ${pdfDocuments.expires_on} - ${pdfDocuments.remind_days} <= ${today}::date then 'expiring'
  else 'valid' end`;

/** Whether a user's sites include a document: its food court, or its restaurant. */
export const documentVisible = (scope: SiteScope, d: { foodcourt: string; restaurant: string | null }) =>
  scope.all || scope.foodcourts.has(d.foodcourt) || (d.restaurant !== null && scope.restaurants.has(d.restaurant));

function scopeCondition(scope: SiteScope): SQL | undefined {
  if (scope.all) return undefined;
  const fcs = [...scope.foodcourts];
  const rests = [...scope.restaurants];
  const parts = [
    fcs.length ? inArray(pdfDocuments.foodcourt, fcs) : undefined,
    rests.length ? inArray(pdfDocuments.restaurant, rests) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? or(...parts) : sql`false`;
}

export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    /** The address of a revision's file (…/documents/:id/file?revision=n). */
    private readonly fileUrl: (id: number, revision: number) => string,
    private readonly log: FastifyBaseLogger,
    private readonly today: () => string = () => businessToday(),
  ) {}

  fileView(id: number, f: FileRow): DocumentFile {
    return {
      revision: f.revision,
      file_name: f.file_name,
      size: f.size,
      pages: f.pages,
      url: this.fileUrl(id, f.revision),
      uploaded_by: f.uploaded_by,
      uploaded_at: f.uploaded_at.toISOString(),
    };
  }

  view(d: PdfDocumentRow, file: FileRow | null, today = this.today()): PdfDocument {
    return {
      id: d.id,
      title: d.title,
      category: d.category as PdfDocument['category'],
      foodcourt: d.foodcourt,
      restaurant: d.restaurant,
      expires_on: d.expires_on,
      remind_days: d.remind_days,
      public: d.public,
      state: stateOf(d, today),
      file: file ? this.fileView(d.id, file) : null,
      revisions: d.revision,
      reminded_at: d.reminded_at?.toISOString() ?? null,
      version: d.version,
      updated_by: d.updated_by,
      updated_at: d.updated_at.toISOString(),
    };
  }

  async list(user: UserRow, query: DocumentFilters, range = listRange(query)): Promise<ListPage<PdfDocument>> {
    const scope = await loadSiteScope(this.db, user);
    const today = this.today();
    const cond = and(
      scopeCondition(scope),
      listSearch(DOCUMENT_LIST, query.search),
      query.foodcourt ? eq(pdfDocuments.foodcourt, query.foodcourt) : undefined,
      query.category ? eq(pdfDocuments.category, query.category) : undefined,
      query.state ? sql`${stateSql(today)} = ${query.state}` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({ d: pdfDocuments, f: pdfDocumentFiles })
          .from(pdfDocuments)
          .leftJoin(
            pdfDocumentFiles,
            and(
              eq(pdfDocumentFiles.document_id, pdfDocuments.id),
              eq(pdfDocumentFiles.revision, pdfDocuments.revision),
            ),
          )
          .where(cond)
          .orderBy(...listOrder(DOCUMENT_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(pdfDocuments).where(cond),
    ]);
    return { rows: rows.map((r) => this.view(r.d, r.f, today)), total: total?.n ?? 0 };
  }

  /** One document the user's sites include: 404 when it does not exist or is not theirs. */
  async row(user: UserRow, id: number): Promise<PdfDocumentRow> {
    const [d] = await this.db.select().from(pdfDocuments).where(eq(pdfDocuments.id, id));
    if (!d || !documentVisible(await loadSiteScope(this.db, user), d))
      throw notFound('documentNotFound', `Document ${id} does not exist`);
    return d;
  }

  private async currentFile(d: PdfDocumentRow): Promise<FileRow | null> {
    if (d.revision === 0) return null;
    const [f] = await this.db
      .select()
      .from(pdfDocumentFiles)
      .where(and(eq(pdfDocumentFiles.document_id, d.id), eq(pdfDocumentFiles.revision, d.revision)));
    return f ?? null;
  }

  async get(user: UserRow, id: number): Promise<PdfDocument> {
    const d = await this.row(user, id);
    return this.view(d, await this.currentFile(d));
  }

  /**
   * The site of a document must be one of the user's (its food court, or the restaurant named), 403 otherwise;
   * the food court must exist and the restaurant must belong to it (400).
   */
  private async checkSite(user: UserRow, b: Pick<DocumentBody, 'foodcourt' | 'restaurant'>) {
    const scope = await loadSiteScope(this.db, user);
    // A scoped user is refused any site not theirs (unknown or not); an every-site user learns it is unknown.
    if (!documentVisible(scope, b)) throw forbidden('You do not have this site');
    const [fc] = await this.db
      .select({ foodcourt: foodcourts.foodcourt })
      .from(foodcourts)
      .where(eq(foodcourts.foodcourt, b.foodcourt));
    if (!fc) throw badRequest('unknownSite', `No food court ${b.foodcourt}`, { field: 'foodcourt' });
    if (b.restaurant) {
      const [r] = await this.db
        .select({ foodcourt: restaurants.foodcourt })
        .from(restaurants)
        .where(eq(restaurants.restaurant, b.restaurant));
      if (!r || r.foodcourt !== b.foodcourt)
        throw badRequest('restaurantNotInSite', `Restaurant ${b.restaurant} is not in food court ${b.foodcourt}`, {
          field: 'restaurant',
        });
    }
  }

  private values(b: DocumentBody) {
    return {
      title: b.title,
      category: b.category,
      foodcourt: b.foodcourt,
      restaurant: b.restaurant,
      expires_on: b.expires_on,
      remind_days: b.remind_days,
      public: b.public,
    };
  }

  async create(b: DocumentBody, actor: Actor): Promise<PdfDocument> {
    await this.checkSite(actor.user, b);
    const row = await this.db.transaction((tx) =>
      insertAudited(tx, { table: pdfDocuments, values: this.values(b), actor, entity: 'pdf_document' }),
    );
    return this.view(row, null);
  }

  private versioned(id: number, version: number, before: PdfDocumentRow, actor: Actor) {
    return {
      table: pdfDocuments,
      where: eq(pdfDocuments.id, id),
      version,
      actor,
      entity: 'pdf_document',
      entityId: String(id),
      what: `Document ${before.title}`,
      before,
      missing: () => notFound('documentNotFound', `Document ${id} does not exist`),
    };
  }

  async update(id: number, b: DocumentBody, actor: Actor): Promise<PdfDocument> {
    const before = await this.row(actor.user, id);
    if (b.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    await this.checkSite(actor.user, b);
    const row = await this.db.transaction((tx) =>
      updateVersioned(tx, {
        ...this.versioned(id, b.version!, before, actor),
        // A new expiry date is a new reminder: the old one was for the old date.
        set: { ...this.values(b), ...(b.expires_on !== before.expires_on ? { reminded_at: null } : {}) },
      }),
    );
    return this.view(row, await this.currentFile(row));
  }

  /** Deletes the document (audited) with its revisions, then their files. */
  async remove(id: number, version: number, actor: Actor): Promise<void> {
    const before = await this.row(actor.user, id);
    const keys = await this.db
      .select({ key: pdfDocumentFiles.storage_key })
      .from(pdfDocumentFiles)
      .where(eq(pdfDocumentFiles.document_id, id));
    await this.db.transaction((tx) => deleteVersioned(tx, this.versioned(id, version, before, actor)));
    for (const { key } of keys) {
      try {
        await this.files.delete(key);
      } catch (err) {
        // The record is gone; an orphan file is private and harmless, and is reported for clean-up.
        this.log.error({ err, key }, 'could not delete a document file');
      }
    }
  }

  /**
   * A new revision: the PDF (already proved one) is stored under a new key, then the document's revision and
   * version move on and the revision row is written in one transaction; if that fails the file is removed again.
   * `version`, when sent, must be the document's (409 otherwise).
   */
  async addFile(id: number, pdf: ReceivedPdf, version: number | undefined, actor: Actor): Promise<PdfDocument> {
    const before = await this.row(actor.user, id);
    if (version !== undefined && version !== before.version) throw versionConflict(`Document ${before.title}`, before);
    let name = sanitizeFileName(pdf.filename || 'document.pdf');
    if (!/\.pdf$/i.test(name)) name = `${name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.pdf`;
    const key = `${DOCUMENT_KEY_PREFIX}/${id}/${crypto.randomUUID()}.pdf`;
    await this.files.put(key, pdf.bytes, { contentType: 'application/pdf', size: pdf.bytes.length });
    try {
      const { row, file } = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(pdfDocuments)
          .set({
            revision: sql`${pdfDocuments.revision} + 1`,
            version: sql`${pdfDocuments.version} + 1`,
            updated_by: actor.user.userid,
            updated_at: new Date(),
          })
          .where(and(eq(pdfDocuments.id, id), version !== undefined ? eq(pdfDocuments.version, version) : undefined))
          .returning();
        if (!row) {
          const [current] = await tx.select().from(pdfDocuments).where(eq(pdfDocuments.id, id));
          if (!current) throw notFound('documentNotFound', `Document ${id} does not exist`);
          throw versionConflict(`Document ${before.title}`, current);
        }
        const [file] = await tx
          .insert(pdfDocumentFiles)
          .values({
            document_id: id,
            revision: row.revision,
            file_name: name,
            storage_key: key,
            size: pdf.bytes.length,
            pages: pdf.pages,
            sha256: pdf.sha256,
            uploaded_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'upload',
          entity: 'pdf_document',
          entityId: String(id),
          before,
          after: { ...row, file },
          ip: actor.ip,
        });
        return { row, file: file! };
      });
      return this.view(row, file);
    } catch (err) {
      await this.files.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async revisions(user: UserRow, id: number): Promise<DocumentFile[]> {
    await this.row(user, id);
    const rows = await this.db
      .select()
      .from(pdfDocumentFiles)
      .where(eq(pdfDocumentFiles.document_id, id))
      .orderBy(desc(pdfDocumentFiles.revision));
    return rows.map((f) => this.fileView(id, f));
  }

  /** A revision's file (the newest without `revision`), with its stored name. */
  async file(d: PdfDocumentRow, revision?: number): Promise<{ name: string; file: StoredFile }> {
    const wanted = revision ?? d.revision;
    const [f] =
      wanted > 0
        ? await this.db
            .select()
            .from(pdfDocumentFiles)
            .where(and(eq(pdfDocumentFiles.document_id, d.id), eq(pdfDocumentFiles.revision, wanted)))
        : [];
    if (!f)
      throw notFound(
        'documentFileNotFound',
        revision ? `Document ${d.id} has no revision ${revision}` : `Document ${d.id} has no file yet`,
      );
    const file = await this.files.get(f.storage_key);
    if (!file) throw notFound('documentFileNotFound', `The file of document ${d.id} is missing`);
    return { name: f.file_name, file };
  }

  // ---------- the ordering apps ----------

  /** Public documents of a site that have a file and have not expired. */
  async publicList(foodcourt: string, today = this.today()) {
    return this.db
      .select({ d: pdfDocuments, f: pdfDocumentFiles })
      .from(pdfDocuments)
      .innerJoin(
        pdfDocumentFiles,
        and(eq(pdfDocumentFiles.document_id, pdfDocuments.id), eq(pdfDocumentFiles.revision, pdfDocuments.revision)),
      )
      .where(
        and(
          eq(pdfDocuments.foodcourt, foodcourt),
          eq(pdfDocuments.public, true),
          sql`(${pdfDocuments.expires_on} is null or ${pdfDocuments.expires_on} >= ${today}::date)`,
        ),
      )
      .orderBy(text(pdfDocuments.title), pdfDocuments.id);
  }

  /** A public, unexpired document with a file, for an API client (null when it is not one). */
  async publicRow(id: number, today = this.today()): Promise<PdfDocumentRow | null> {
    const [d] = await this.db.select().from(pdfDocuments).where(eq(pdfDocuments.id, id));
    if (!d || !d.public || d.revision === 0 || (d.expires_on !== null && d.expires_on < today)) return null;
    return d;
  }
}

/** core's documentState of a row (a document has a file once it has a revision). */
export const stateOf = (d: Pick<PdfDocumentRow, 'expires_on' | 'remind_days' | 'revision'>, today: string) =>
  documentState({ expires_on: d.expires_on, remind_days: d.remind_days, has_file: d.revision > 0 }, today);
