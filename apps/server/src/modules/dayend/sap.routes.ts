import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import {
  addDays,
  dayQuery,
  dayRangeQuery,
  messageAnswer,
  sapLogsAnswer,
  sapPreviewAnswer,
  sapRuleAnswer,
  sapRuleBody,
  sapRulesAnswer,
  sapUploadAnswer,
  sapUploadBody,
  type SapLog,
  type SapRuleView,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { sapPostings, sapRules, type SapPostingRow, type SapRuleRow } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { needsPage } from '../../plugins/permissions.js';
import { DayEndService } from './dayend.service.js';
import type { SftpTarget } from './sap-delivery.js';
import { dayPosting } from './sap-posting.js';
import { checkUploadable, SAP_UPLOAD_QUEUE, sapUploadHandler, type SapUploadData } from './sap-upload.js';

const ruleView = (r: SapRuleRow): SapRuleView => ({
  id: r.id,
  priority: r.priority,
  active: r.active,
  kind: r.kind as SapRuleView['kind'],
  client: r.client,
  foodcourt: r.foodcourt,
  restaurant: r.restaurant,
  category: r.category,
  tax_rate: r.tax_rate === null ? null : Number(r.tax_rate),
  tender: r.tender,
  channel: r.channel,
  gl_account: r.gl_account,
  cost_center: r.cost_center,
  profit_center: r.profit_center,
  tax_code: r.tax_code,
  version: r.version,
  updated_by: r.updated_by,
  updated_at: r.updated_at.toISOString(),
});

const logView = (r: SapPostingRow): SapLog => ({
  id: r.id,
  restaurant: r.restaurant,
  business_date: r.business_date,
  kind: r.kind as SapLog['kind'],
  reverses: r.reverses,
  status: r.status as SapLog['status'],
  attempts: r.attempts,
  documents: r.documents,
  lines: r.line_count,
  debit: Number(r.debit),
  credit: Number(r.credit),
  currency: r.currency,
  files: r.files.map((f) => f.name),
  error: r.error,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
  sent_at: r.sent_at?.toISOString() ?? null,
});

const ruleValues = (b: z.output<typeof sapRuleBody>) => ({
  priority: b.priority,
  active: b.active,
  kind: b.kind,
  client: b.client,
  foodcourt: b.foodcourt,
  restaurant: b.restaurant,
  category: b.category,
  tax_rate: b.tax_rate === null ? null : b.tax_rate.toFixed(3),
  tender: b.tender,
  channel: b.channel,
  gl_account: b.gl_account,
  cost_center: b.cost_center,
  profit_center: b.profit_center,
  tax_code: b.tax_code,
});

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** /sap-inflow (posting rules and the preview) and /sapupload (posting a closed day, the SAP log): issue 15. */
export async function sapRoutes(
  fastify: FastifyInstance,
  { db, sftp }: { db: Db; sftp: () => SftpTarget | undefined },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sap'];
  const days = new DayEndService(db);
  fastify.jobs.register(SAP_UPLOAD_QUEUE, sapUploadHandler(sftp));
  const rules = needsPage('sapInflow');

  app.get(
    '/sap-inflow/rules',
    {
      config: needsPage(['sapInflow', 'sapupload']),
      schema: {
        tags,
        operationId: 'listSapRules',
        summary: 'The posting rules, by kind and priority',
        response: { 200: sapRulesAnswer },
      },
    },
    async () => ({
      result: 'success' as const,
      rules: (
        await db.select().from(sapRules).orderBy(asc(sapRules.kind), asc(sapRules.priority), asc(sapRules.id))
      ).map(ruleView),
    }),
  );

  app.post(
    '/sap-inflow/rules',
    {
      config: rules,
      schema: {
        tags,
        operationId: 'createSapRule',
        summary: 'Add a posting rule',
        body: sapRuleBody,
        response: { 200: sapRuleAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(sapRules)
          .values({ ...ruleValues(req.body), updated_by: actor.user.userid })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'sap_rule',
          entityId: String(created!.id),
          after: created,
          ip: actor.ip,
        });
        return created!;
      });
      return { result: 'success' as const, message: 'Rule added', rule: ruleView(row) };
    },
  );

  const existing = async (id: number) => {
    const [row] = await db.select().from(sapRules).where(eq(sapRules.id, id));
    if (!row) throw notFound('ruleNotFound', `Posting rule ${id} does not exist`);
    return row;
  };

  app.put(
    '/sap-inflow/rules/:id',
    {
      config: { ...rules, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'saveSapRule',
        summary: 'Change a posting rule (version-checked)',
        params: idParam,
        body: sapRuleBody,
        response: { 200: sapRuleAnswer },
      },
    },
    async (req) => {
      if (!req.body.version)
        throw badRequest('invalidRequest', 'version: the version you edited is required', { field: 'version' });
      const before = await existing(req.params.id);
      const row = await db.transaction((tx) =>
        updateVersioned(tx, {
          table: sapRules,
          where: eq(sapRules.id, req.params.id),
          version: req.body.version!,
          actor: actorOf(req),
          entity: 'sap_rule',
          entityId: String(req.params.id),
          what: 'The posting rule',
          before,
          set: ruleValues(req.body),
        }),
      );
      return { result: 'success' as const, message: 'Rule saved', rule: ruleView(row) };
    },
  );

  app.delete(
    '/sap-inflow/rules/:id',
    {
      config: { ...rules, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteSapRule',
        summary: 'Remove a posting rule (version-checked)',
        params: idParam,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const before = await existing(req.params.id);
      await db.transaction((tx) =>
        deleteVersioned(tx, {
          table: sapRules,
          where: eq(sapRules.id, req.params.id),
          version: req.query.version,
          actor: actorOf(req),
          entity: 'sap_rule',
          entityId: String(req.params.id),
          what: 'The posting rule',
          before,
        }),
      );
      return { result: 'success' as const, message: 'Rule removed' };
    },
  );

  app.get(
    '/sap-inflow/preview',
    {
      config: { ...needsPage(['sapInflow', 'sapupload']), errors: [404] },
      schema: {
        tags,
        operationId: 'previewSapPosting',
        summary: "A day's posting lines and the rule each takes",
        querystring: dayQuery,
        response: { 200: sapPreviewAnswer },
      },
    },
    async (req) => {
      const { restaurant, business_date } = req.query;
      await days.restaurantOf(req.user!, restaurant);
      const posting = await dayPosting(db, restaurant, business_date);
      const state = (await DayEndService.isClosed(db, restaurant, business_date)) ? 'closed' : 'open';
      return { result: 'success' as const, restaurant, business_date, state: state as 'open' | 'closed', ...posting };
    },
  );

  app.post(
    '/sapupload',
    {
      config: { ...needsPage('sapupload'), errors: [404, 409] },
      schema: {
        tags,
        operationId: 'uploadSapPosting',
        summary: 'Post a closed day to SAP (a background task: build, then deliver by SFTP when configured)',
        description:
          'Refused with 409 dayNotClosed, 400 unmatchedLines (extras.lines) or 409 nothingToPost. A day posted ' +
          'before whose lines changed gets a reversal of the earlier posting and a new one.',
        body: sapUploadBody,
        response: { 202: sapUploadAnswer },
      },
    },
    async (req, reply) => {
      const { restaurant, business_date } = req.body;
      await days.restaurantOf(req.user!, restaurant);
      await checkUploadable(db, restaurant, business_date);
      const data: SapUploadData = { restaurant, business_date };
      const job = await db.transaction((tx) =>
        fastify.jobs.enqueue(tx, {
          queue: SAP_UPLOAD_QUEUE,
          userid: req.user!.userid,
          type: 'upload',
          title: `SAP posting ${business_date}`,
          mainTitle: 'SAP upload',
          restId: restaurant,
          data,
        }),
      );
      return reply.code(202).send({ result: 'success' as const, message: 'SAP posting started', job });
    },
  );

  const logPage = { ...needsPage('sapupload'), errors: [404] as const };

  app.get(
    '/vendor/saplogs',
    {
      config: logPage,
      schema: {
        tags,
        operationId: 'listSapLogs',
        summary: "A restaurant's SAP postings (default: the last 31 days), newest first",
        querystring: dayRangeQuery,
        response: { 200: sapLogsAnswer },
      },
    },
    async (req) => {
      const { restaurant } = req.query;
      await days.restaurantOf(req.user!, restaurant);
      const to = req.query.to ?? new Date().toISOString().slice(0, 10);
      const from = req.query.from ?? addDays(to, -30);
      const rows = await db
        .select()
        .from(sapPostings)
        .where(
          and(
            eq(sapPostings.restaurant, restaurant),
            gte(sapPostings.business_date, from),
            lte(sapPostings.business_date, to),
          ),
        )
        .orderBy(desc(sapPostings.id))
        .limit(500);
      return { result: 'success' as const, logs: rows.map(logView) };
    },
  );

  const posting = async (req: { user?: unknown; params: { id: number } }) => {
    const [row] = await db.select().from(sapPostings).where(eq(sapPostings.id, req.params.id));
    if (!row) throw notFound('postingNotFound', `SAP posting ${req.params.id} does not exist`);
    await days.restaurantOf(req.user as never, row.restaurant);
    return row;
  };

  app.post(
    '/vendor/saplogs/:id/retry',
    {
      config: { ...needsPage('sapupload'), errors: [404, 409] },
      schema: {
        tags,
        operationId: 'retrySapPosting',
        summary: 'Deliver a failed posting again',
        params: idParam,
        response: { 202: sapUploadAnswer },
      },
    },
    async (req, reply) => {
      const row = await posting(req);
      if (row.status !== 'failed' && row.status !== 'built') {
        throw new AppError(409, 'postingSent', `Posting ${row.id} was delivered already`);
      }
      if (!sftp()) throw new AppError(409, 'noSftp', 'No SFTP server is configured: download the files instead');
      const data: SapUploadData = { retry: [row.id] };
      const job = await db.transaction((tx) =>
        fastify.jobs.enqueue(tx, {
          queue: SAP_UPLOAD_QUEUE,
          userid: req.user!.userid,
          type: 'upload',
          title: `SAP posting ${row.business_date} (retry ${row.id})`,
          mainTitle: 'SAP upload',
          restId: row.restaurant,
          data,
        }),
      );
      return reply.code(202).send({ result: 'success' as const, message: 'Delivery started again', job });
    },
  );

  app.get(
    '/vendor/saplogs/:id/file',
    {
      config: { ...needsPage('sapupload'), errors: [404] },
      schema: {
        tags,
        operationId: 'downloadSapFile',
        summary: 'One file of a posting (CSV or IDoc XML)',
        params: idParam,
        querystring: z.object({ name: z.string().min(1).max(300) }),
        response: {
          200: {
            description: 'The file',
            content: { 'text/csv': { schema: z.string() }, 'application/xml': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const row = await posting(req);
      const file = row.files.find((f) => f.name === req.query.name);
      if (!file) throw notFound('fileNotFound', `Posting ${row.id} has no file ${req.query.name}`);
      if (row.status === 'built')
        await db.update(sapPostings).set({ status: 'downloaded' }).where(eq(sapPostings.id, row.id));
      return reply
        .type(file.name.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
}
