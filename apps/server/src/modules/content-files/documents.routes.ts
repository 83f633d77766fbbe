import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_MAX_MB,
  documentAnswer,
  documentBody,
  documentExportQuery,
  documentFileQuery,
  documentListAnswer,
  documentListQuery,
  documentRevisionsAnswer,
  intIdParam,
  messageAnswer,
  publicDocumentsAnswer,
  publicDocumentsQuery,
  versionParam,
  type PdfDocument,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { FileStore, StoredFile } from '../../lib/file-store.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import type { ListExport } from '../list-export/index.js';
import { DocumentsService } from './documents.service.js';
import { receivePdf } from './pdf-upload.js';

const tags = ['content'];
const page = needsPage('general_pdf_documents');
const idParam = z.object({ id: intIdParam() });
const versionQuery = z.object({ version: versionParam() });
const pdfResponse = {
  200: {
    description: 'The PDF (inline, with its file name)',
    content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  },
};

/** `inline; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function inlineDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function sendPdf(reply: FastifyReply, name: string, file: StoredFile) {
  return reply
    .type('application/pdf')
    .header('content-disposition', inlineDisposition(name))
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

/** /general_pdf_documents: PDF documents per site with their revisions; the ordering apps read the public ones. */
export async function documentRoutes(
  fastify: FastifyInstance,
  { db, config, files, keys }: { db: Db; config: Config; files: FileStore; keys: ApiKeysService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const prefix = fastify.prefix;
  const service = new DocumentsService(
    db,
    files,
    (id, revision) => `${config.publicUrl}${prefix}/documents/${id}/file?revision=${revision}`,
    fastify.log,
  );
  const publicService = new DocumentsService(
    db,
    files,
    (id) => `${config.publicUrl}${prefix}/content/documents/${id}/file`,
    fastify.log,
  );

  const documentExport: ListExport<z.output<typeof documentExportQuery>, PdfDocument> = {
    resource: 'pdf_documents',
    label: 'PDF documents',
    path: '/documents',
    pages: page.permission.page,
    query: documentExportQuery,
    operationId: 'exportDocuments',
    tag: 'content',
    columns: [
      { header: 'Title', value: (r) => r.title, width: 32 },
      { header: 'Category', value: (r) => r.category, width: 12 },
      { header: 'Food court', value: (r) => r.foodcourt, width: 22 },
      { header: 'Restaurant', value: (r) => r.restaurant ?? '', width: 28 },
      { header: 'Expires on', value: (r) => r.expires_on ?? '', width: 12 },
      { header: 'State', value: (r) => r.state, width: 10 },
      { header: 'Public', value: (r) => (r.public ? 'yes' : 'no'), width: 8 },
      { header: 'Revisions', value: (r) => r.revisions, width: 10 },
      { header: 'Pages', value: (r) => r.file?.pages ?? '', width: 8 },
      { header: 'Updated by', value: (r) => r.updated_by ?? '', width: 18 },
    ],
    fetch: (_db, user, query, range) => service.list(user, query, range),
  };

  app.get(
    '/documents',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listDocuments',
        summary: "PDF documents of the caller's sites, with their state (valid, expiring, expired, no_file)",
        querystring: documentListQuery,
        response: { 200: documentListAnswer },
      },
    },
    async (req) => listAnswer('documents', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, documentExport);

  app.post(
    '/documents',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createDocument',
        summary: 'Add a document (its PDF is uploaded next, as its first revision)',
        body: documentBody,
        response: { 200: documentAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Document added',
      document: await service.create(req.body, actorOf(req)),
    }),
  );
  app.get(
    '/documents/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getDocument',
        summary: 'A document with its current file',
        params: idParam,
        response: { 200: documentAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: '',
      document: await service.get(req.user!, req.params.id),
    }),
  );
  app.put(
    '/documents/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateDocument',
        summary: 'Save a document (version-checked; a new expiry date makes a new reminder)',
        params: idParam,
        body: documentBody,
        response: { 200: documentAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Document saved',
      document: await service.update(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/documents/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteDocument',
        summary: 'Delete a document with every revision and its files',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Document deleted' };
    },
  );
  app.post(
    '/documents/:id/file',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'uploadDocumentFile',
        summary: 'Upload a new revision of the PDF (multipart: optional version, then file)',
        description:
          `One file in the field \`file\`, at most ${DOCUMENT_MAX_MB} MB, that must be a real PDF: it starts with ` +
          '`%PDF-` and parses to a document with pages (encrypted PDFs are accepted). Anything else, whatever its ' +
          'name, is refused with 400 "This file is not a valid PDF" and nothing changes. An optional text field ' +
          "`version`, sent before the file, must be the document's version (409 otherwise).",
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: documentAnswer },
      },
    },
    async (req) => {
      // Refuse a document the caller cannot see before receiving anything.
      await service.row(req.user!, req.params.id);
      const pdf = await receivePdf(req);
      let version: number | undefined;
      if (pdf.fields.version !== undefined && pdf.fields.version !== '') {
        const parsed = versionParam().safeParse(pdf.fields.version);
        if (!parsed.success)
          throw badRequest('invalidRequest', 'version: must be a whole number', { field: 'version' });
        version = parsed.data;
      }
      const document = await service.addFile(req.params.id, pdf, version, actorOf(req));
      return {
        result: 'success' as const,
        message: `Revision ${document.revisions} uploaded (${document.file!.pages} pages)`,
        document,
      };
    },
  );
  app.get(
    '/documents/:id/revisions',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listDocumentRevisions',
        summary: "Every uploaded revision of a document's PDF, newest first",
        params: idParam,
        response: { 200: documentRevisionsAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, revisions: await service.revisions(req.user!, req.params.id) }),
  );
  app.get(
    '/documents/:id/file',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'downloadDocumentFile',
        summary: 'The PDF of a revision (the newest without revision)',
        params: idParam,
        querystring: documentFileQuery,
        response: pdfResponse,
      },
    },
    async (req, reply) => {
      const d = await service.row(req.user!, req.params.id);
      const { name, file } = await service.file(d, req.query.revision);
      return sendPdf(reply, name, file);
    },
  );

  // ---------- the ordering apps (API key) ----------
  if (!fastify.hasRequestDecorator('apiClient')) fastify.decorateRequest('apiClient', null);
  const onRequest = apiKeyAuth(keys);
  const auth = 'Send the API key as `Authorization: Bearer cdk_…`.';
  const keyAllows = (foodcourts: string[], foodcourt: string) =>
    foodcourts.length === 0 || foodcourts.includes(foodcourt);

  app.get(
    '/content/documents',
    {
      config: { permission: 'apiKey', errors: [403] },
      onRequest,
      schema: {
        tags,
        operationId: 'publicDocuments',
        summary: "A site's public documents that have not expired (menus, allergen sheets, certificates)",
        description: `${auth} A key limited to some sites is refused other sites (403).`,
        querystring: publicDocumentsQuery,
        response: { 200: publicDocumentsAnswer },
      },
    },
    async (req) => {
      if (!keyAllows(req.apiClient!.foodcourts, req.query.foodcourt))
        throw new AppError(403, 'siteNotAllowed', 'This API key is not for that site');
      const rows = await publicService.publicList(req.query.foodcourt);
      return {
        result: 'success' as const,
        documents: rows.map(({ d, f }) => ({
          id: d.id,
          title: d.title,
          category: d.category as PdfDocument['category'],
          restaurant: d.restaurant,
          expires_on: d.expires_on,
          url: publicService.fileView(d.id, f).url,
          pages: f.pages,
          size: f.size,
        })),
      };
    },
  );
  app.get(
    '/content/documents/:id/file',
    {
      config: { permission: 'apiKey', errors: [404] },
      onRequest,
      schema: {
        tags,
        operationId: 'publicDocumentFile',
        summary: 'The current PDF of a public document that has not expired',
        description: `${auth} Private, expired or other sites' documents are not found (404).`,
        params: idParam,
        response: pdfResponse,
      },
    },
    async (req, reply) => {
      const d = await publicService.publicRow(req.params.id);
      if (!d || !keyAllows(req.apiClient!.foodcourts, d.foodcourt))
        throw notFound('documentNotFound', `Document ${req.params.id} does not exist`);
      const { name, file } = await publicService.file(d);
      return sendPdf(reply, name, file);
    },
  );
}
