import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { labelOf, QR_TARGET_TYPE_LABELS, qrBatchBody, qrCodesAnswer, qrCreateBody, type QrTargetType } from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodcourts, qrCodes, restaurants, type QrCodeRow } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { needsPage } from '../../plugins/permissions.js';
import { CountersAccess } from './counters.service.js';

type Signing = { secret: string; publicUrl: string; targetUrl: string };

/** `<id>.<12 characters of HMAC>`: the short link's code; the label and target are fixed by the signature. */
export function qrCode(
  row: Pick<QrCodeRow, 'id' | 'foodcourt' | 'restaurant' | 'target_type' | 'label'>,
  secret: string,
) {
  const sig = crypto
    .createHmac('sha256', secret)
    .update(`qr:${row.id}:${row.foodcourt}:${row.restaurant ?? ''}:${row.target_type}:${row.label}`)
    .digest('base64url')
    .slice(0, 12);
  return `${row.id}.${sig}`;
}

const linkOf = (row: QrCodeRow, s: Signing) => `${s.publicUrl}/q/${qrCode(row, s.secret)}`;
const view = (row: QrCodeRow, s: Signing) => ({
  id: row.id,
  foodcourt: row.foodcourt,
  restaurant: row.restaurant,
  target_type: row.target_type as QrTargetType,
  label: row.label,
  link: linkOf(row, s),
  created_at: row.created_at.toISOString(),
});
const fileBase = (row: QrCodeRow) => `qr-${row.target_type}-${row.label.replace(/[^A-Za-z0-9_-]+/g, '_')}-${row.id}`;
// Error correction M and a quiet zone of 4 modules: reads from a table tent at arm's length, survives a stain.
const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 4 };

/** /qrGeneration: QR codes for tables, counters and collection points carrying signed short links (issue 16). */
export async function qrRoutes(fastify: FastifyInstance, { db, signing }: { db: Db; signing: Signing }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['counters'];
  const access = new CountersAccess(db);
  const page = needsPage('qrGeneration');
  const QRCode = (await import('qrcode')).default;

  const mine = async (user: Parameters<CountersAccess['scope']>[0], ids: number[]) => {
    const rows = await db.select().from(qrCodes).where(inArray(qrCodes.id, ids));
    const scope = await access.scope(user);
    const missing = ids.filter(
      (id) => !rows.some((r) => r.id === id && (scope.all || scope.foodcourts.has(r.foodcourt))),
    );
    if (missing.length) throw notFound('qrNotFound', `QR codes ${missing.join(', ')} do not exist`);
    return ids.map((id) => rows.find((r) => r.id === id)!);
  };

  app.get(
    '/qr_codes',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listQrCodes',
        summary: 'QR codes of a food court (newest first)',
        querystring: z.object({ foodcourt: z.string().min(1).max(200) }),
        response: { 200: qrCodesAnswer },
      },
    },
    async (req) => {
      const scope = await access.scope(req.user!);
      if (!scope.all && !scope.foodcourts.has(req.query.foodcourt))
        throw forbidden(`You do not have the food court ${req.query.foodcourt}`);
      const rows = await db
        .select()
        .from(qrCodes)
        .where(eq(qrCodes.foodcourt, req.query.foodcourt))
        .orderBy(desc(qrCodes.id))
        .limit(2000);
      return { result: 'success' as const, codes: rows.map((r) => view(r, signing)) };
    },
  );

  app.post(
    '/qr_codes',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createQrCodes',
        summary: 'Make QR codes, one per label',
        body: qrCreateBody,
        response: { 200: qrCodesAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      const scope = await access.scope(req.user!);
      if (!scope.foodcourts.has(b.foodcourt)) {
        if (scope.all)
          throw badRequest('unknownFoodcourt', `foodcourt: ${b.foodcourt} does not exist`, { field: 'foodcourt' });
        throw forbidden(`You do not have the food court ${b.foodcourt}`);
      }
      if (b.restaurant) {
        const [r] = await db
          .select()
          .from(restaurants)
          .where(and(eq(restaurants.restaurant, b.restaurant), eq(restaurants.foodcourt, b.foodcourt)));
        if (!r)
          throw badRequest(
            'restaurantNotInFoodcourt',
            `restaurant: ${b.restaurant} is not a restaurant of ${b.foodcourt}`,
            { field: 'restaurant' },
          );
      }
      const rows = await db.transaction(async (tx) => {
        const made = await tx
          .insert(qrCodes)
          .values(
            b.labels.map((label) => ({
              foodcourt: b.foodcourt,
              restaurant: b.restaurant,
              target_type: b.target_type,
              label,
              created_by: actor.user.userid,
            })),
          )
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'qr_codes',
          entityId: made.map((m) => m.id).join(','),
          after: b,
          ip: actor.ip,
        });
        return made;
      });
      return { result: 'success' as const, codes: rows.map((r) => view(r, signing)) };
    },
  );

  app.get(
    '/qr_codes/:id/image',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'qrCodeImage',
        summary: 'One QR code as PNG or SVG',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: z.object({ format: z.enum(['png', 'svg']).default('png') }),
        response: {
          200: {
            description: 'The image',
            content: { 'image/png': { schema: z.string() }, 'image/svg+xml': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const [row] = await mine(req.user!, [req.params.id]);
      const link = linkOf(row!, signing);
      const name = `${fileBase(row!)}.${req.query.format}`;
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store');
      if (req.query.format === 'svg')
        return reply.type('image/svg+xml').send(await QRCode.toString(link, { ...QR_OPTIONS, type: 'svg' }));
      return reply.type('image/png').send((await QRCode.toBuffer(link, { ...QR_OPTIONS, width: 600 })) as never);
    },
  );

  app.post(
    '/qr_codes/print',
    {
      config: { ...needsPage('qrGeneration', { read: true }), errors: [404] },
      schema: {
        tags,
        operationId: 'printQrCodes',
        summary: 'A print sheet (PDF, A4, six codes a page with their labels)',
        body: qrBatchBody,
        response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string() } } } },
      },
    },
    async (req, reply) => {
      const rows = await mine(req.user!, req.body.ids);
      // Under each label, what it is and where, in words (issue 35): "Table · Spice Route · Atrium Food Court".
      const courtIds = [...new Set(rows.map((r) => r.foodcourt))];
      const restIds = [...new Set(rows.flatMap((r) => (r.restaurant ? [r.restaurant] : [])))];
      const courtNames = new Map(
        courtIds.length
          ? (
              await db
                .select({ id: foodcourts.foodcourt, name: foodcourts.name })
                .from(foodcourts)
                .where(inArray(foodcourts.foodcourt, courtIds))
            ).map((c) => [c.id, c.name])
          : [],
      );
      const restNames = new Map(
        restIds.length
          ? (
              await db
                .select({ id: restaurants.restaurant, name: restaurants.name })
                .from(restaurants)
                .where(inArray(restaurants.restaurant, restIds))
            ).map((c) => [c.id, c.name])
          : [],
      );
      const placeOf = (r: QrCodeRow) =>
        [
          labelOf(QR_TARGET_TYPE_LABELS, r.target_type),
          r.restaurant ? restNames.get(r.restaurant) : undefined,
          courtNames.get(r.foodcourt) ?? r.foodcourt,
        ]
          .filter(Boolean)
          .join(' · ');
      const pdfmake = (await import('pdfmake')).default;
      await import('../invoices/invoice-pdf.js');
      const cells = await Promise.all(
        rows.map(async (r) => ({
          stack: [
            {
              svg: await QRCode.toString(linkOf(r, signing), { ...QR_OPTIONS, type: 'svg' }),
              width: 190,
              alignment: 'center' as const,
            },
            {
              text: r.label,
              fontSize: 16,
              bold: true,
              alignment: 'center' as const,
              margin: [0, 6, 0, 0] as [number, number, number, number],
            },
            { text: placeOf(r), fontSize: 8, color: '#555555', alignment: 'center' as const },
          ],
          margin: [0, 10, 0, 10] as [number, number, number, number],
        })),
      );
      const body = [];
      for (let i = 0; i < cells.length; i += 2) body.push([cells[i]!, cells[i + 1] ?? { text: '' }]);
      const pdf = await pdfmake
        .createPdf({
          pageSize: 'A4',
          defaultStyle: { font: 'Helvetica' },
          content: [{ table: { widths: ['*', '*'], dontBreakRows: true, body }, layout: 'noBorders' }],
        })
        .getBuffer();
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="qr-codes-${rows.length}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as never);
    },
  );

  app.post(
    '/qr_codes/zip',
    {
      config: { ...needsPage('qrGeneration', { read: true }), errors: [404] },
      schema: {
        tags,
        operationId: 'zipQrCodes',
        summary: 'The codes as a zip of PNG and SVG files',
        body: qrBatchBody,
        response: { 200: { description: 'The zip', content: { 'application/zip': { schema: z.string() } } } },
      },
    },
    async (req, reply) => {
      const rows = await mine(req.user!, req.body.ids);
      const archiver = (await import('archiver')).default;
      const zip = archiver('zip', { zlib: { level: 6 } });
      const out = new PassThrough();
      zip.pipe(out);
      for (const r of rows) {
        const link = linkOf(r, signing);
        zip.append(await QRCode.toBuffer(link, { ...QR_OPTIONS, width: 600 }), { name: `${fileBase(r)}.png` });
        zip.append(await QRCode.toString(link, { ...QR_OPTIONS, type: 'svg' }), { name: `${fileBase(r)}.svg` });
      }
      void zip.finalize();
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="qr-codes-${rows.length}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(out as never);
    },
  );
}

/** GET /q/:code, outside the API: a printed code's short link; sends the phone on to the ordering app. */
export async function qrLinkRoute(fastify: FastifyInstance, { db, signing }: { db: Db; signing: Signing }) {
  // Not part of the API description: a phone follows it, no program calls it.
  fastify.get('/q/:code', { schema: { hide: true } }, async (req, reply) => {
    const code = String((req.params as { code?: string }).code ?? '');
    const id = Number(code.split('.')[0]);
    const [row] =
      Number.isInteger(id) && id > 0 && id <= 2_147_483_647
        ? await db.select().from(qrCodes).where(eq(qrCodes.id, id))
        : [];
    const expected = row ? qrCode(row, signing.secret) : '';
    if (!row || code.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(code), Buffer.from(expected))) {
      return reply.code(404).type('text/plain; charset=utf-8').send('This QR code is not known.');
    }
    const target = new URL(signing.targetUrl);
    target.searchParams.set('foodcourt', row.foodcourt);
    if (row.restaurant) target.searchParams.set('restaurant', row.restaurant);
    target.searchParams.set(row.target_type, row.label);
    return reply.redirect(target.toString(), 302);
  });
}
