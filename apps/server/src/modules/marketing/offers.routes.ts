import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  generateCodesAnswer,
  generateCodesBody,
  marketingItemsAnswer,
  marketingItemsQuery,
  messageAnswer,
  offerAnswer,
  offerBody,
  offerCodesAnswer,
  offerCodesQuery,
  offerExportQuery,
  offerListAnswer,
  offerListQuery,
  offerResultsAnswer,
  quoteAnswer,
  quoteBody,
  tryCartBody,
  versionQuery,
  OFFER_KIND_LABELS,
  type Offer,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodItems, offerCodes } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { forbidden } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import { workbookWriter, XLSX_MIME } from '../bulk/xlsx.js';
import type { ListExport } from '../list-export/index.js';
import { idParam, visibleTo } from './marketing-common.js';
import { OffersService } from './offers.service.js';
import { quoteCart, type OfferBook } from './quote.js';

const tags = ['marketing'];
/** /promotions (code offers) and /discounts (automatic offers) share the offers; either page reaches them. */
const pages = needsPage(['promotions', 'offers-discount']);
const MARKETING_PAGES = [
  'groups',
  'promotions',
  'offers-discount',
  'campaign',
  'upselling-items',
  'loyalty_points',
  'loyalty_stamps',
  'loyalty-rewards',
  'subscription',
] as const;

const offerExport: ListExport<z.output<typeof offerExportQuery>, Offer> = {
  resource: 'offers',
  label: 'Offers',
  path: '/offers',
  pages: pages.permission.page,
  query: offerExportQuery,
  operationId: 'exportOffers',
  tag: 'marketing',
  columns: [
    { header: 'Name', value: (r) => r.name, width: 28 },
    { header: 'Kind', value: (r) => OFFER_KIND_LABELS[r.kind], width: 18 },
    { header: 'Reward', value: (r) => r.summary, width: 30 },
    { header: 'Trigger', value: (r) => (r.trigger === 'code' ? 'Code' : 'Automatic'), width: 10 },
    { header: 'Code', value: (r) => r.shared_code, width: 14 },
    { header: 'Status', value: (r) => r.status, width: 10 },
    { header: 'Priority', value: (r) => r.priority, width: 9 },
    { header: 'Stacking', value: (r) => r.stacking, width: 11 },
    { header: 'Uses', value: (r) => r.uses, width: 8 },
    { header: 'Discount given', value: (r) => r.spent, width: 14 },
    { header: 'Updated by', value: (r) => r.updated_by ?? '', width: 16 },
  ],
  fetch: (db, user, query, range) => new OffersService(db).list(user, query, range),
};

/** /promotions and /discounts: offers, their codes and results, and the "try a cart" panel (issue 17 points 2–3). */
export async function offersRoutes(fastify: FastifyInstance, { db, book }: { db: Db; book: OfferBook }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new OffersService(db, book.invalidate);

  app.get(
    '/offers',
    {
      config: needsPage(['promotions', 'offers-discount', 'campaign']),
      schema: {
        tags,
        operationId: 'listOffers',
        summary: 'Offers (promotions: trigger=code; discounts: trigger=auto)',
        querystring: offerListQuery,
        response: { 200: offerListAnswer },
      },
    },
    async (req) => listAnswer('offers', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, offerExport);

  app.post(
    '/offers',
    {
      config: { ...pages, errors: [409] },
      schema: {
        tags,
        operationId: 'createOffer',
        summary: 'Add an offer',
        body: offerBody,
        response: { 200: offerAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Offer added',
      offer: await service.create(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/offers/:id',
    {
      config: { ...pages, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateOffer',
        summary: 'Save an offer (version-checked)',
        params: idParam,
        body: offerBody,
        response: { 200: offerAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Offer saved',
      offer: await service.update(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/offers/:id',
    {
      config: { ...pages, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteOffer',
        summary: 'Delete an offer never used',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.user!, req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Offer deleted' };
    },
  );

  app.post(
    '/offers/:id/codes',
    {
      config: { ...pages, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'generateOfferCodes',
        summary: 'Generate unique codes of a promotion',
        params: idParam,
        body: generateCodesBody,
        response: { 200: generateCodesAnswer },
      },
    },
    async (req) => {
      const done = await service.generateCodes(req.user!, req.params.id, req.body.count, req.body.prefix, actorOf(req));
      return { result: 'success' as const, message: `${done.generated} codes generated`, ...done };
    },
  );
  app.get(
    '/offers/:id/codes',
    {
      config: { ...pages, errors: [404] },
      schema: {
        tags,
        operationId: 'listOfferCodes',
        summary: "A promotion's unique codes",
        params: idParam,
        querystring: offerCodesQuery,
        response: { 200: offerCodesAnswer },
      },
    },
    async (req) => listAnswer('codes', await service.codes(req.user!, req.params.id, req.query), req.query),
  );
  app.get(
    '/offers/:id/codes/export',
    {
      config: { ...pages, errors: [404] },
      schema: {
        tags,
        operationId: 'exportOfferCodes',
        summary: "A promotion's unique codes as .xlsx (code, customer, uses)",
        params: idParam,
        response: { 200: { description: 'The workbook', content: { [XLSX_MIME]: { schema: z.string() } } } },
      },
    },
    async (req, reply) => {
      const offer = await service.get(req.user!, req.params.id);
      const out = new PassThrough();
      const book_ = workbookWriter(out);
      const sheet = book_.addWorksheet('Codes');
      sheet.columns = [
        { header: 'Code', width: 18 },
        { header: 'Customer', width: 18 },
        { header: 'Uses', width: 8 },
      ];
      reply
        .type(XLSX_MIME)
        .header(
          'content-disposition',
          `attachment; filename="codes-${offer.id}-${offer.name.replace(/[^A-Za-z0-9_-]+/g, '_')}.xlsx"`,
        );
      void (async () => {
        try {
          let after = '';
          for (;;) {
            const rows = await db
              .select()
              .from(offerCodes)
              .where(
                and(
                  eq(offerCodes.offer_id, offer.id),
                  eq(offerCodes.shared, false),
                  sql`${offerCodes.code} > ${after}`,
                ),
              )
              .orderBy(asc(offerCodes.code))
              .limit(5000);
            for (const r of rows) sheet.addRow([r.code, r.customer_ref, r.uses]).commit();
            if (rows.length < 5000) break;
            after = rows[rows.length - 1]!.code;
          }
          sheet.commit();
          await book_.commit();
        } catch (err) {
          out.destroy(err as Error);
        }
      })();
      return reply.send(out as never);
    },
  );
  app.get(
    '/offers/:id/results',
    {
      config: { ...pages, errors: [404] },
      schema: {
        tags,
        operationId: 'getOfferResults',
        summary: 'Uses, discount given and revenue of the orders that used an offer',
        params: idParam,
        response: { 200: offerResultsAnswer },
      },
    },
    async (req) => service.results(req.user!, req.params.id),
  );

  app.post(
    '/offers/try',
    {
      config: needsPage(['promotions', 'offers-discount', 'upselling-items']),
      schema: {
        tags,
        operationId: 'tryCart',
        summary: 'Price a cart with the offers in force (and drafts named in include): the "try a cart" panel',
        body: tryCartBody,
        response: { 200: quoteAnswer },
      },
    },
    async (req) => {
      const scope = await loadSiteScope(db, req.user!);
      if (!scope.all && !scope.restaurants.has(req.body.cart.restaurant))
        throw forbidden(`You do not have the restaurant ${req.body.cart.restaurant}`);
      const quote = await quoteCart(db, book, req.body.cart, {
        include: req.body.include,
        ...(scope.all ? {} : { visible: (o) => visibleTo(scope, o.conditions) }),
      });
      return { result: 'success' as const, quote };
    },
  );

  app.get(
    '/marketing/items',
    {
      config: needsPage([...MARKETING_PAGES]),
      schema: {
        tags,
        operationId: 'listMarketingItems',
        summary: "A restaurant's items to pick for offers and upsells (≤ 50)",
        querystring: marketingItemsQuery,
        response: { 200: marketingItemsAnswer },
      },
    },
    async (req) => {
      const scope = await loadSiteScope(db, req.user!);
      if (!scope.all && !scope.restaurants.has(req.query.restaurant))
        throw forbidden(`You do not have the restaurant ${req.query.restaurant}`);
      const like = req.query.search ? `%${req.query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const rows = await db
        .select({
          foodid: foodItems.foodid,
          name: foodItems.foodname,
          price: foodItems.price,
          categories: foodItems.listofcategories,
        })
        .from(foodItems)
        .where(
          and(
            eq(foodItems.restaurant, req.query.restaurant),
            like ? or(ilike(foodItems.foodname, like), ilike(foodItems.foodid, like)) : undefined,
          ),
        )
        .orderBy(asc(foodItems.sequence), asc(foodItems.foodid))
        .limit(50);
      return { result: 'success' as const, items: rows.map((r) => ({ ...r, price: Number(r.price) })) };
    },
  );
}

/** The ordering apps' quote (API key), issue 17 point 3. */
export async function quoteRoutes(
  fastify: FastifyInstance,
  { db, keys, book }: { db: Db; keys: ApiKeysService; book: OfferBook },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (!fastify.hasRequestDecorator('apiClient')) fastify.decorateRequest('apiClient', null);
  app.post(
    '/marketing/quote',
    {
      config: { permission: 'apiKey' },
      onRequest: apiKeyAuth(keys),
      schema: {
        tags: ['ingest'],
        operationId: 'quoteCart',
        summary: 'Price a cart: the offers applied line by line, why each other offer was not, and upsell suggestions',
        description:
          'Send the API key as `Authorization: Bearer cdk_…`. Codes in `cart.codes` unlock code offers. The answer ' +
          'reserves nothing: send the applied offers with the order (`offers` of POST /ingest/orders), where limits ' +
          'and budgets are enforced exactly.',
        body: quoteBody,
        response: { 200: quoteAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      quote: await quoteCart(db, book, req.body.cart, { foodcourts: req.apiClient!.foodcourts }),
    }),
  );
}
