import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceDetailAnswer,
  invoiceIdParams,
  invoiceIssueAnswer,
  invoiceIssueBody,
  invoiceListAnswer,
  invoiceListQuery,
  invoiceRegenerateAnswer,
  invoiceRegenerateBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { InvoicesService } from './invoices.service.js';

const tags = ['invoices'];
const page = needsPage('invoice');

/** /invoice (invoice regeneration, page invoice; issue 13 point 6): numbered PDF invoices and credit notes. */
export async function invoicesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new InvoicesService(db);

  app.get(
    '/invoices',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listInvoices',
        summary: "Invoices and credit notes of the caller's sites, newest first",
        description:
          '`search` is the start of a document number or an order number (any case); `number` the start of a ' +
          'document number. Dates are days of issue (UTC).',
        querystring: invoiceListQuery,
        response: { 200: invoiceListAnswer },
      },
    },
    async (req) => listAnswer('invoices', await service.list(req.query, req.user!), req.query),
  );

  app.post(
    '/invoices',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'issueInvoice',
        summary: 'Issue the first invoice of an order',
        description:
          'Numbers are gap-free per restaurant (`INV-<site code>-000001`). 409 `invoiceExists` when the order ' +
          'already has a current invoice (regenerate it instead), `orderNotInvoiceable` for a cancelled order.',
        body: invoiceIssueBody,
        response: { 200: invoiceIssueAnswer },
      },
    },
    async (req) => {
      const invoice = await service.issue(req.body.order_id, actorOf(req));
      return { result: 'success' as const, message: `Invoice ${invoice.number} issued`, invoice };
    },
  );

  app.get(
    '/invoices/:invoice_id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getInvoice',
        summary: 'One invoice or credit note: what it says and every document of its order',
        params: invoiceIdParams,
        response: { 200: invoiceDetailAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, invoice: await service.detail(req.params.invoice_id, req.user!) }),
  );

  app.get(
    '/invoices/:invoice_id/pdf',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'downloadInvoicePdf',
        summary: 'The PDF of an invoice or credit note',
        description: 'Drawn from the document frozen at issue: the same bytes at every download.',
        params: invoiceIdParams,
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (req, reply) => {
      const { bytes, filename } = await service.pdf(req.params.invoice_id, req.user!);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes as never);
    },
  );

  app.post(
    '/invoices/:invoice_id/regenerate',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'regenerateInvoice',
        summary: 'Correct an invoice: a credit note for it and a new invoice of the order as it is now',
        description:
          'The old invoice is never edited: it is marked superseded and stays downloadable, with the credit note ' +
          '(series `CN-…`) that cancels it. 409 `invoiceSuperseded` when it was already replaced, `notAnInvoice` ' +
          'for a credit note, `orderNotInvoiceable` for a cancelled order.',
        params: invoiceIdParams,
        body: invoiceRegenerateBody,
        response: { 200: invoiceRegenerateAnswer },
      },
    },
    async (req) => {
      const done = await service.regenerate(req.params.invoice_id, req.body.reason, actorOf(req));
      return {
        result: 'success' as const,
        message: `Invoice ${done.invoice.number} issued; ${done.credit_note.number} cancels the old one`,
        ...done,
      };
    },
  );
}
