import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  counterTemplateAnswer,
  counterTemplateBody,
  counterTemplatesAnswer,
  messageAnswer,
  syncTemplateBody,
  templateCountersAnswer,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { counters, counterTemplates } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { needsPage } from '../../plugins/permissions.js';
import { CountersAccess, settingsOf, templateView } from './counters.service.js';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** /counterTemplate: templates of counter settings, and syncing them to the counters made from them (issue 16). */
export async function counterTemplateRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['counters'];
  const access = new CountersAccess(db);
  const page = needsPage('counterTemplate');

  app.get(
    '/counter_template',
    {
      config: needsPage(['counterTemplate', 'counterManagement']),
      schema: {
        tags,
        operationId: 'listCounterTemplates',
        summary: 'Counter templates',
        response: { 200: counterTemplatesAnswer },
      },
    },
    async () => {
      const rows = await db
        .select()
        .from(counterTemplates)
        .orderBy(asc(counterTemplates.name), asc(counterTemplates.id));
      const used = await access.templateUse(rows.map((r) => r.id));
      return { result: 'success' as const, templates: rows.map((r) => templateView(r, used.get(r.id) ?? 0)) };
    },
  );

  app.post(
    '/counter_template',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createCounterTemplate',
        summary: 'Add a counter template',
        body: counterTemplateBody,
        response: { 200: counterTemplateAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(counterTemplates)
          .values({ name: req.body.name, settings: req.body.settings, updated_by: actor.user.userid })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'counter_template',
          entityId: String(created!.id),
          after: created,
          ip: actor.ip,
        });
        return created!;
      });
      return { result: 'success' as const, message: 'Template added', template: templateView(row, 0) };
    },
  );

  app.put(
    '/counter_template/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'saveCounterTemplate',
        summary: 'Change a counter template (its counters change only when synced)',
        params: idParam,
        body: counterTemplateBody,
        response: { 200: counterTemplateAnswer },
      },
    },
    async (req) => {
      if (!req.body.version)
        throw badRequest('invalidRequest', 'version: the version you edited is required', { field: 'version' });
      const before = await access.template(req.params.id);
      const row = await db.transaction((tx) =>
        updateVersioned(tx, {
          table: counterTemplates,
          where: eq(counterTemplates.id, req.params.id),
          version: req.body.version!,
          actor: actorOf(req),
          entity: 'counter_template',
          entityId: String(req.params.id),
          what: `The template ${before.name}`,
          before,
          set: { name: req.body.name, settings: req.body.settings },
        }),
      );
      const used = await access.templateUse([row.id]);
      return {
        result: 'success' as const,
        message: 'Template saved',
        template: templateView(row, used.get(row.id) ?? 0),
      };
    },
  );

  app.delete(
    '/counter_template/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteCounterTemplate',
        summary: 'Remove a counter template no counter is made from',
        params: idParam,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const before = await access.template(req.params.id);
      const used = (await access.templateUse([before.id])).get(before.id) ?? 0;
      if (used > 0) throw new AppError(409, 'templateInUse', `${used} counter(s) are made from this template`);
      await db.transaction((tx) =>
        deleteVersioned(tx, {
          table: counterTemplates,
          where: eq(counterTemplates.id, req.params.id),
          version: req.query.version,
          actor: actorOf(req),
          entity: 'counter_template',
          entityId: String(req.params.id),
          what: `The template ${before.name}`,
          before,
        }),
      );
      return { result: 'success' as const, message: 'Template removed' };
    },
  );

  app.get(
    '/get_counter_template/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getCounterTemplate',
        summary: 'A template with the counters made from it and how each differs',
        params: idParam,
        response: { 200: templateCountersAnswer },
      },
    },
    async (req) => {
      const row = await access.template(req.params.id);
      const list = await access.templateCounters(req.user!, row);
      const used = await access.templateUse([row.id]);
      return { result: 'success' as const, template: templateView(row, used.get(row.id) ?? 0), counters: list };
    },
  );

  app.post(
    '/sync_counter_template',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'syncCounterTemplate',
        summary: "Apply a template's settings to chosen counters made from it",
        body: syncTemplateBody,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const template = await access.template(req.body.template_id);
      const mine = new Set((await access.templateCounters(req.user!, template)).map((c) => c.counter_id));
      const foreign = req.body.counter_ids.filter((id) => !mine.has(id));
      if (foreign.length) {
        throw badRequest(
          'notFromTemplate',
          `counter_ids: counters ${foreign.join(', ')} are not made from this template`,
          {
            field: 'counter_ids',
          },
        );
      }
      const settings = settingsOf(template.settings);
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(counters)
          .set({
            settings,
            updated_by: actor.user.userid,
            updated_at: new Date(),
            version: sql`${counters.version} + 1`,
          })
          .where(and(inArray(counters.id, req.body.counter_ids), eq(counters.template_id, template.id)))
          .returning({ id: counters.id });
        await audit(tx, {
          actor: actor.user.userid,
          action: 'sync',
          entity: 'counter_template',
          entityId: String(template.id),
          after: { counters: changed.map((c) => c.id), settings },
          ip: actor.ip,
        });
      });
      const n = req.body.counter_ids.length;
      return {
        result: 'success' as const,
        message: `${n === 1 ? '1 counter' : `${n} counters`} now follow the template`,
      };
    },
  );
}
