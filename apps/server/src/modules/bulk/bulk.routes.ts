import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkActionBody,
  bulkDownloadBody,
  itemFieldsAnswer,
  itemSubsidyBody,
  itemTaxBody,
  jobAnswer,
  type JobResponse,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { needsPage } from '../../plugins/permissions.js';
import { holds, loadMenuRestaurant, type MenuRestaurant } from '../menu/menu-access.js';
import { menuFileName, writeTemplate } from './bulk-download.js';
import { setItemField } from './bulk-item-fields.js';
import { BULK_QUEUES, registerBulkJobs } from './bulk-jobs.js';
import { receiveWorkbook, UPLOAD_NAME } from './receive-workbook.js';
import { XLSX_MIME } from './xlsx.js';

const tags = ['bulk'];
const page = needsPage(['bulkops', 'bulk_operations']);
const readPage = needsPage(['bulkops', 'bulk_operations'], { read: true });
const uploadFields = z.object({ restaurant: z.string().min(1, 'Choose a restaurant').max(200) });

function needs(user: UserRow, permission: string) {
  if (!holds(user, permission)) {
    throw new AppError(403, 'forbidden', `You do not have permission to do this (permission ${permission})`, {
      permission,
    });
  }
}

/**
 * Bulk operations (issue 6, packages/core/src/contracts/jobs.ts): the template, menu download, menu and
 * nutrition upload, erase. Each checks the caller may work on the restaurant (the menu module's site check) and
 * enqueues a job in the same transaction as its record; the work happens in the job handlers.
 */
export async function bulkRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  await fastify.register(multipart, { throwFileSizeLimit: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = fastify.jobs;
  registerBulkJobs(jobs);

  app.get(
    '/download_template',
    {
      config: page,
      schema: {
        tags,
        operationId: 'downloadBulkTemplate',
        summary: 'The empty bulk-edit workbook (.xlsx)',
        response: {
          200: {
            description: 'The workbook: the bulk-edit headers and an instructions sheet',
            content: { [XLSX_MIME]: { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (_req, reply) => {
      const body = new PassThrough();
      writeTemplate(body).catch((err: Error) => body.destroy(err));
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', 'attachment; filename="menu_bulk_template.xlsx"')
        .header('cache-control', 'private, no-store')
        .send(body as never);
    },
  );

  app.post(
    '/bulk/download',
    {
      config: { ...readPage, errors: [404] },
      schema: {
        tags,
        operationId: 'startBulkDownload',
        summary: "Download restaurants' menus, one .xlsx each (a job)",
        body: bulkDownloadBody,
        response: { 200: jobAnswer },
      },
    },
    async (req): Promise<JobResponse> => {
      const user = req.user!;
      const ids = [...new Set(req.body.restaurant_list)];
      const list: MenuRestaurant[] = [];
      for (const id of ids) list.push(await loadMenuRestaurant(db, id, user));
      const names = list.length === 1 ? list[0]!.name : `${list.length} restaurants`;
      const job = await db.transaction((tx) =>
        jobs.enqueue(tx, {
          queue: BULK_QUEUES.download,
          userid: user.userid,
          type: 'download',
          title: `Menu download for ${names}`,
          mainTitle: 'Menu download',
          filename: menuFileName(list[0]!),
          restId: ids.join(','),
          data: { restaurants: ids },
        }),
      );
      return { result: 'success', job };
    },
  );

  const upload = (queue: string, what: string, permission?: string) => async (req: FastifyRequest) => {
    const user = req.user!;
    if (permission) needs(user, permission);
    const id = jobs.newJobId();
    const dir = jobs.jobDir(id);
    let restaurant: MenuRestaurant | null = null;
    const check = async (fields: Record<string, string>) => {
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) throw badRequest('invalidRequest', parsed.error.issues[0]!.message, { field: 'restaurant' });
      restaurant = await loadMenuRestaurant(db, parsed.data.restaurant, user);
    };
    const received = await receiveWorkbook(req, dir, check);
    try {
      if (!restaurant) await check(received.fields);
      const r = restaurant! as MenuRestaurant;
      const job = await db.transaction((tx) =>
        jobs.enqueue(tx, {
          id,
          queue,
          userid: user.userid,
          type: 'upload',
          title: `${what} for ${r.name}`,
          mainTitle: what,
          filename: received.filename,
          restId: r.restaurant,
          data: { restaurant: r.restaurant, file: UPLOAD_NAME, filename: received.filename },
        }),
      );
      return { result: 'success' as const, job };
    } catch (err) {
      await fs.promises.rm(dir, { recursive: true, force: true });
      throw err;
    }
  };
  const multipartSchema = (operationId: string, summary: string) => ({
    tags,
    operationId,
    summary,
    consumes: ['multipart/form-data'],
    response: { 200: jobAnswer },
  });

  app.post(
    '/bulkupload/upload_bulkitems',
    {
      config: { ...page, errors: [404] },
      schema: multipartSchema(
        'startBulkUpload',
        'Upload an edited menu workbook (multipart: restaurant, file); all rows or none',
      ),
    },
    upload(BULK_QUEUES.upload, 'Menu upload'),
  );
  app.post(
    '/bulk/nutrition_upload',
    {
      config: { ...page, errors: [404] },
      schema: multipartSchema(
        'startNutritionUpload',
        'Upload nutrition (foodid, nutrient name, quantity, calories, dailyValue); all or none',
      ),
    },
    upload(BULK_QUEUES.nutrition, 'Nutrition upload', 'bulk_nutrition_upload'),
  );

  app.post(
    '/bulk_action',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'startBulkAction',
        summary: "Erase a restaurant's menu (erase_menu; a job)",
        body: bulkActionBody,
        response: { 200: jobAnswer },
      },
    },
    async (req): Promise<JobResponse> => {
      const user = req.user!;
      needs(user, 'erase_menu');
      const r = await loadMenuRestaurant(db, req.body.restaurant, user);
      const job = await db.transaction((tx) =>
        jobs.enqueue(tx, {
          queue: BULK_QUEUES.erase,
          userid: user.userid,
          type: 'erase',
          title: `Menu erase for ${r.name}`,
          mainTitle: 'Erase menu',
          restId: r.restaurant,
          actionId: req.body.action,
          actionType: 'bulk_action',
          data: { restaurant: r.restaurant },
        }),
      );
      return { result: 'success', job };
    },
  );

  // ---------- tax and subsidy on many items (issue 20 point 7) ----------
  // Not actions of /bulk_action: that route answers a background job and its body (core's bulkActionBody) is the
  // erase confirmation; these change a few fields in one short transaction and answer the counts at once.
  app.post(
    '/update_fooditems_tax',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags: ['menu'],
        operationId: 'updateFoodItemsTax',
        summary: "Set the taxation of chosen items (foodids) or all of a restaurant's items (permission taxation)",
        description: "All or nothing: an item that is not the restaurant's refuses the request (400, field foodids).",
        body: itemTaxBody,
        response: { 200: itemFieldsAnswer },
      },
    },
    async (req) => {
      const user = req.user!;
      needs(user, 'taxation');
      const r = await loadMenuRestaurant(db, req.body.restaurant, user);
      const done = await setItemField(db, r, req.body, 'taxation', req.body.taxation, actorOf(req));
      return { result: 'success' as const, message: `Taxation set on ${done.updated} item(s)`, ...done };
    },
  );
  app.post(
    '/item_subsidy',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags: ['menu'],
        operationId: 'itemSubsidy',
        summary: "Set the subsidy amount of chosen items (foodids) or all of a restaurant's items",
        description: "All or nothing: an item that is not the restaurant's refuses the request (400, field foodids).",
        body: itemSubsidyBody,
        response: { 200: itemFieldsAnswer },
      },
    },
    async (req) => {
      const r = await loadMenuRestaurant(db, req.body.restaurant, req.user!);
      const done = await setItemField(db, r, req.body, 'subsidyamount', req.body.subsidyamount, actorOf(req));
      return { result: 'success' as const, message: `Subsidy set on ${done.updated} item(s)`, ...done };
    },
  );
}
