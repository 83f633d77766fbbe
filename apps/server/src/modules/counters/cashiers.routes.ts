import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CASHIER_LOCK_AFTER,
  CASHIER_LOCK_MS,
  cashierAnswer,
  cashierBody,
  cashierPinBody,
  cashiersAnswer,
  messageAnswer,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { cashiers, counters, type CashierRow } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { needsPage } from '../../plugins/permissions.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { CountersAccess } from './counters.service.js';
import { DeviceSessions } from './devices.service.js';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const view = (r: CashierRow) => ({
  cashier_id: r.id,
  name: r.name,
  foodcourt: r.foodcourt,
  counter_ids: r.counter_ids,
  active: r.active,
  locked_until: r.locked_until && r.locked_until.getTime() > Date.now() ? r.locked_until.toISOString() : null,
  version: r.version,
  updated_at: r.updated_at.toISOString(),
});

/** /cashier: cashier accounts per food court with a hashed PIN and lockout; a device signs a cashier in (issue 16). */
export async function cashiersRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['counters'];
  const access = new CountersAccess(db);
  const sessions = new DeviceSessions(db);
  const page = needsPage('cashier-management');

  const checkCourt = async (user: Parameters<CountersAccess['scope']>[0], foodcourt: string, counterIds: number[]) => {
    const scope = await access.scope(user);
    if (!scope.foodcourts.has(foodcourt)) {
      if (scope.all)
        throw badRequest('unknownFoodcourt', `foodcourt: ${foodcourt} does not exist`, { field: 'foodcourt' });
      throw forbidden(`You do not have the food court ${foodcourt}`);
    }
    if (counterIds.length) {
      const found = await db
        .select({ id: counters.id })
        .from(counters)
        .where(and(inArray(counters.id, counterIds), eq(counters.foodcourt, foodcourt)));
      const missing = counterIds.filter((id) => !found.some((f) => f.id === id));
      if (missing.length)
        throw badRequest(
          'counterNotInFoodcourt',
          `counter_ids: ${missing.join(', ')} are not counters of ${foodcourt}`,
          {
            field: 'counter_ids',
          },
        );
    }
  };
  const cashierOf = async (user: Parameters<CountersAccess['scope']>[0], id: number) => {
    const [row] = await db.select().from(cashiers).where(eq(cashiers.id, id));
    const scope = await access.scope(user);
    if (!row || (!scope.all && !scope.foodcourts.has(row.foodcourt)))
      throw notFound('cashierNotFound', `Cashier ${id} does not exist`);
    return row;
  };

  app.get(
    '/cashiers',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listCashiers',
        summary: "Cashiers of the caller's food courts",
        querystring: z.object({ foodcourt: z.string().max(200).optional() }),
        response: { 200: cashiersAnswer },
      },
    },
    async (req) => {
      const scope = await access.scope(req.user!);
      const courts = req.query.foodcourt ? [req.query.foodcourt] : scope.all ? null : [...scope.foodcourts, ''];
      const rows = await db
        .select()
        .from(cashiers)
        .where(
          courts
            ? inArray(
                cashiers.foodcourt,
                courts.filter((c) => scope.all || scope.foodcourts.has(c) || c === ''),
              )
            : undefined,
        )
        .orderBy(asc(cashiers.name), asc(cashiers.id));
      return { result: 'success' as const, cashiers: rows.map(view) };
    },
  );

  app.post(
    '/cashiers',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createCashier',
        summary: 'Add a cashier (with a PIN)',
        body: cashierBody,
        response: { 200: cashierAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      if (!b.pin) throw badRequest('pinRequired', 'pin: give the cashier a PIN', { field: 'pin' });
      await checkCourt(req.user!, b.foodcourt, b.counter_ids);
      const pin_hash = await hashPassword(b.pin);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(cashiers)
          .values({
            name: b.name,
            foodcourt: b.foodcourt,
            counter_ids: b.counter_ids,
            active: b.active,
            pin_hash,
            updated_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'cashier',
          entityId: String(created!.id),
          after: view(created!),
          ip: actor.ip,
        });
        return created!;
      });
      return { result: 'success' as const, message: 'Cashier added', cashier: view(row) };
    },
  );

  app.put(
    '/cashiers/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'saveCashier',
        summary: 'Change a cashier (a new PIN also unlocks)',
        params: idParam,
        body: cashierBody,
        response: { 200: cashierAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      if (!b.version)
        throw badRequest('invalidRequest', 'version: the version you edited is required', { field: 'version' });
      const before = await cashierOf(req.user!, req.params.id);
      await checkCourt(req.user!, b.foodcourt, b.counter_ids);
      const pin = b.pin ? { pin_hash: await hashPassword(b.pin), failed_attempts: 0, locked_until: null } : {};
      const row = await db.transaction((tx) =>
        updateVersioned(tx, {
          table: cashiers,
          where: eq(cashiers.id, req.params.id),
          version: b.version!,
          actor: actorOf(req),
          entity: 'cashier',
          entityId: String(req.params.id),
          what: `The cashier ${before.name}`,
          before,
          auditBefore: view(before),
          auditAfter: (r) => ({ ...view(r), pin_changed: !!b.pin }),
          set: { name: b.name, foodcourt: b.foodcourt, counter_ids: b.counter_ids, active: b.active, ...pin },
        }),
      );
      return { result: 'success' as const, message: 'Cashier saved', cashier: view(row) };
    },
  );

  app.delete(
    '/cashiers/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteCashier',
        summary: 'Remove a cashier (version-checked)',
        params: idParam,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const before = await cashierOf(req.user!, req.params.id);
      await db.transaction((tx) =>
        deleteVersioned(tx, {
          table: cashiers,
          where: eq(cashiers.id, req.params.id),
          version: req.query.version,
          actor: actorOf(req),
          entity: 'cashier',
          entityId: String(req.params.id),
          what: `The cashier ${before.name}`,
          before,
          auditBefore: view(before),
        }),
      );
      return { result: 'success' as const, message: 'Cashier removed' };
    },
  );

  app.post(
    '/device/cashier_login',
    {
      onRequest: sessions.auth(),
      config: { permission: 'device', errors: [403] },
      schema: {
        tags,
        operationId: 'cashierLogin',
        summary: 'A cashier signs in on a device with their PIN (locked for 15 minutes after 5 wrong PINs)',
        body: cashierPinBody,
        response: {
          200: z.object({
            result: z.literal('success'),
            cashier_id: z.number().int(),
            name: z.string(),
            counter_ids: z.array(z.number().int()),
          }),
        },
      },
    },
    async (req) => {
      const device = req.device!;
      const [c] = await db.select().from(cashiers).where(eq(cashiers.id, req.body.cashier_id));
      const refuse = () => new AppError(401, 'wrongPin', 'Wrong cashier or PIN');
      if (!c || !c.active) throw refuse();
      if (c.counter_ids.length && !c.counter_ids.includes(device.counter_id)) {
        throw forbidden('This cashier may not use this counter');
      }
      if (c.locked_until && c.locked_until.getTime() > Date.now()) {
        throw new AppError(403, 'cashierLocked', 'Too many wrong PINs: this cashier is locked for a while', {
          locked_until: c.locked_until.toISOString(),
        });
      }
      if (!(await verifyPassword(c.pin_hash, req.body.pin))) {
        // Counted in the database (several devices may try at once); the fifth wrong one locks.
        await db
          .update(cashiers)
          .set({
            failed_attempts: sql`${cashiers.failed_attempts} + 1`,
            locked_until: sql`case when ${cashiers.failed_attempts} + 1 >= ${CASHIER_LOCK_AFTER}
              then now() + make_interval(secs => ${CASHIER_LOCK_MS / 1000}) else ${cashiers.locked_until} end`,
          })
          .where(eq(cashiers.id, c.id));
        throw refuse();
      }
      await db.update(cashiers).set({ failed_attempts: 0, locked_until: null }).where(eq(cashiers.id, c.id));
      return { result: 'success' as const, cashier_id: c.id, name: c.name, counter_ids: c.counter_ids };
    },
  );
}
