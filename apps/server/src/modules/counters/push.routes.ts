import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { pushSettingsAnswer, pushSettingsBody, pushTestAnswer, pushTestBody, type PushRule } from '@cd/core';
import type { Db } from '../../db/client.js';
import { devices, pushSettings } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { needsPage } from '../../plugins/permissions.js';
import { CountersAccess } from './counters.service.js';
import { notifyDevice } from './devices.service.js';

/** /push-setting: which order events go to which devices and channels, per food court, and a test push (issue 16). */
export async function pushRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['counters'];
  const access = new CountersAccess(db);
  const page = needsPage('push-setting');
  const court = z.object({ foodcourt: z.string().min(1).max(200) });

  const checkCourt = async (user: Parameters<CountersAccess['scope']>[0], foodcourt: string) => {
    const scope = await access.scope(user);
    if (!scope.foodcourts.has(foodcourt)) {
      if (scope.all) throw notFound('foodcourtNotFound', `Food court ${foodcourt} does not exist`);
      throw forbidden(`You do not have the food court ${foodcourt}`);
    }
  };
  const view = (foodcourt: string, row?: typeof pushSettings.$inferSelect) => ({
    foodcourt,
    rules: (row?.rules ?? []) as PushRule[],
    version: row?.version ?? 0,
    updated_by: row?.updated_by ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  });

  app.get(
    '/push_settings',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getPushSettings',
        summary: "A food court's push settings",
        querystring: court,
        response: { 200: pushSettingsAnswer },
      },
    },
    async (req) => {
      await checkCourt(req.user!, req.query.foodcourt);
      const [row] = await db.select().from(pushSettings).where(eq(pushSettings.foodcourt, req.query.foodcourt));
      return { result: 'success' as const, settings: view(req.query.foodcourt, row) };
    },
  );

  app.put(
    '/push_settings',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'savePushSettings',
        summary: "Save a food court's push settings (version 0 for the first save; 409 when someone saved first)",
        querystring: court,
        body: pushSettingsBody,
        response: { 200: pushSettingsAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const foodcourt = req.query.foodcourt;
      await checkCourt(req.user!, foodcourt);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(pushSettings)
          .where(eq(pushSettings.foodcourt, foodcourt))
          .for('update');
        const stale = () =>
          new AppError(
            409,
            'versionConflict',
            `The push settings were changed by ${before?.updated_by ?? 'someone'} since you opened them. Reload to see them.`,
            {
              current_version: before?.version ?? 0,
            },
          );
        let saved;
        if (!before) {
          if (req.body.version !== 0) throw stale();
          [saved] = await tx
            .insert(pushSettings)
            .values({ foodcourt, rules: req.body.rules, updated_by: actor.user.userid })
            .onConflictDoNothing()
            .returning();
          if (!saved) throw stale();
        } else {
          if (before.version !== req.body.version) throw stale();
          [saved] = await tx
            .update(pushSettings)
            .set({
              rules: req.body.rules,
              updated_by: actor.user.userid,
              updated_at: new Date(),
              version: before.version + 1,
            })
            .where(and(eq(pushSettings.foodcourt, foodcourt), eq(pushSettings.version, before.version)))
            .returning();
        }
        await audit(tx, {
          actor: actor.user.userid,
          action: 'update',
          entity: 'push_settings',
          entityId: foodcourt,
          before: before?.rules ?? null,
          after: req.body.rules,
          ip: actor.ip,
        });
        return saved!;
      });
      return { result: 'success' as const, settings: view(foodcourt, row) };
    },
  );

  app.post(
    '/push_settings/test',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'testPush',
        summary: 'Send a test push to a device: it gets it with its next heartbeat (the device event says delivered)',
        body: pushTestBody,
        response: { 200: pushTestAnswer },
      },
    },
    async (req) => {
      const [d] = await db.select().from(devices).where(eq(devices.id, req.body.device_id));
      if (!d) throw notFound('deviceNotFound', `Device ${req.body.device_id} does not exist`);
      await access.counter(req.user!, d.counter_id);
      if (d.licence_status !== 2)
        throw new AppError(409, 'deviceNotEnabled', 'Only an enabled, paired device can get a test push');
      const at = new Date();
      await db.transaction(async (tx) => {
        await tx.update(devices).set({ test_push_at: at, test_push_delivered_at: null }).where(eq(devices.id, d.id));
        await notifyDevice(tx, d.id);
      });
      return {
        result: 'success' as const,
        message: `Test push sent to ${d.name}; it arrives with its next heartbeat`,
        sent_at: at.toISOString(),
      };
    },
  );
}
