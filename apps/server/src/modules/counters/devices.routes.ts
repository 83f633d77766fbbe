import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  deviceAnswer,
  deviceBody,
  deviceConfigAnswer,
  deviceHeartbeatAnswer,
  deviceHeartbeatBody,
  devicePairAnswer,
  devicePairBody,
  devicesAnswer,
  licenceActionBody,
  licenceAnswer,
  licenceDetailsSchema,
  messageAnswer,
  type LicenceDetails,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { updateVersioned } from '../../lib/versioned.js';
import { needsPage } from '../../plugins/permissions.js';
import { CountersAccess, settingsOf } from './counters.service.js';
import { applyLicenceAction, deviceView, DeviceSessions } from './devices.service.js';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A device's stored licence details as core defines them (a stored value that no longer parses reads as empty). */
const detailsOf = (raw: unknown): LicenceDetails => {
  const parsed = licenceDetailsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : licenceDetailsSchema.parse({});
};

/** Devices of counters and their licences (page counterManagement), and the devices' own calls (issue 16). */
export async function devicesRoutes(fastify: FastifyInstance, { db, pairRate }: { db: Db; pairRate: number }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['counters'];
  const access = new CountersAccess(db);
  const sessions = new DeviceSessions(db);
  const page = needsPage('counterManagement');
  fastify.decorateRequest('device', null);

  const deviceOf = async (user: Parameters<CountersAccess['counter']>[0], id: number) => {
    const [row] = await db.select().from(devices).where(eq(devices.id, id));
    if (!row) throw notFound('deviceNotFound', `Device ${id} does not exist`);
    await access.counter(user, row.counter_id);
    return row;
  };

  app.get(
    '/devices',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listDevices',
        summary: "A counter's devices with licence and live status",
        querystring: z.object({ counter: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: devicesAnswer },
      },
    },
    async (req) => {
      await access.counter(req.user!, req.query.counter);
      const rows = await db
        .select()
        .from(devices)
        .where(eq(devices.counter_id, req.query.counter))
        .orderBy(asc(devices.name));
      const now = Date.now();
      return { result: 'success' as const, devices: rows.map((r) => deviceView(r, now)) };
    },
  );

  app.post(
    '/devices',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'createDevice',
        summary: 'Register a device to a counter (licence Created)',
        body: deviceBody,
        response: { 200: deviceAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await access.counter(req.user!, req.body.counter_id);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(devices)
          .values({
            name: req.body.name,
            device_type: req.body.device_type,
            counter_id: req.body.counter_id,
            updated_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'device',
          entityId: String(created!.id),
          after: created,
          ip: actor.ip,
        });
        return created!;
      });
      return { result: 'success' as const, message: 'Device added', device: deviceView(row), pairing_code: null };
    },
  );

  app.post(
    '/devices/:id/licence',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'changeDeviceLicence',
        summary:
          'license_activate, license_deactivate or revoke a device licence (transitions defined in core), ' +
          'or read (get_details_licence) and write (put_details_licence) its details',
        description:
          'Created → Pending (license_activate; answers the pairing code, valid 15 minutes, shown once), ' +
          'Pending → Created (license_deactivate), Enabled ⇄ Disabled (license_deactivate / license_activate), ' +
          'Pending/Enabled/Disabled → Created (revoke: the token stops working). Anything else: 409 licenceTransition. ' +
          'get_details_licence answers the details; put_details_licence replaces them against the version seen ' +
          '(409 versionConflict otherwise). Every answer carries the details.',
        params: idParam,
        body: licenceActionBody,
        response: { 200: licenceAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const before = await deviceOf(req.user!, req.params.id);
      const body = req.body;
      if (body.action === 'get_details_licence') {
        return {
          result: 'success' as const,
          message: 'Licence details',
          device: deviceView(before),
          pairing_code: null,
          details: detailsOf(before.licence_details),
        };
      }
      if (body.action === 'put_details_licence') {
        const row = await db.transaction((tx) =>
          updateVersioned(tx, {
            table: devices,
            where: eq(devices.id, before.id),
            version: body.version,
            actor,
            entity: 'device',
            entityId: String(before.id),
            what: `The device ${before.name}`,
            before,
            action: 'put_details_licence',
            set: { licence_details: body.details },
            // The audit keeps the details, not the device's hashes.
            auditBefore: { licence_details: before.licence_details, version: before.version },
            auditAfter: (r) => ({ licence_details: r.licence_details, version: r.version }),
            missing: () => notFound('deviceNotFound', `Device ${before.id} does not exist`),
          }),
        );
        return {
          result: 'success' as const,
          message: 'Licence details saved',
          device: deviceView(row),
          pairing_code: null,
          details: detailsOf(row.licence_details),
        };
      }
      const { row, code } = await db.transaction(async (tx) => {
        const done = await applyLicenceAction(tx, before, body.action, body.version, actor.user.userid);
        await audit(tx, {
          actor: actor.user.userid,
          action: body.action,
          entity: 'device',
          entityId: String(before.id),
          before: { licence_status: before.licence_status, version: before.version },
          after: { licence_status: done.row.licence_status },
          ip: actor.ip,
        });
        return done;
      });
      const words = { license_activate: 'activated', license_deactivate: 'deactivated', revoke: 'revoked' }[
        body.action
      ];
      return {
        result: 'success' as const,
        message: `Licence ${words}`,
        device: deviceView(row),
        pairing_code: code,
        details: detailsOf(row.licence_details),
      };
    },
  );

  app.delete(
    '/devices/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteDevice',
        summary: 'Remove a device (version-checked; its token stops working)',
        params: idParam,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const before = await deviceOf(req.user!, req.params.id);
      if (before.version !== req.query.version) {
        throw new AppError(
          409,
          'versionConflict',
          `The device ${before.name} was changed since you opened it. Reload to see it.`,
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(devices).where(eq(devices.id, before.id));
        await audit(tx, {
          actor: actor.user.userid,
          action: 'delete',
          entity: 'device',
          entityId: String(before.id),
          before,
          ip: actor.ip,
        });
      });
      return { result: 'success' as const, message: 'Device removed' };
    },
  );

  // The device's own calls.
  app.post(
    '/device/pair',
    {
      config: { permission: 'public', errors: [429], rateLimit: { max: pairRate, timeWindow: '1 minute' } },
      schema: {
        tags,
        operationId: 'pairDevice',
        summary: 'A device exchanges the pairing code typed on it for its token (once, within 15 minutes)',
        body: devicePairBody,
        response: { 200: devicePairAnswer },
      },
    },
    async (req) => {
      const { device, token } = await sessions.pair(req.body.code, req.body.app_version);
      return { result: 'success' as const, device_id: device.id, token, counter_id: device.counter_id };
    },
  );

  app.post(
    '/device/heartbeat',
    {
      onRequest: sessions.auth(),
      config: { permission: 'device', errors: [403] },
      schema: {
        tags,
        operationId: 'deviceHeartbeat',
        summary: 'A paired device says it is alive (every 10 s); 401 once revoked, 403 while disabled',
        body: deviceHeartbeatBody,
        response: { 200: deviceHeartbeatAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, ...(await sessions.heartbeat(req.device!, req.body.app_version)) }),
  );

  app.get(
    '/device/config',
    {
      onRequest: sessions.auth(),
      config: { permission: 'device' },
      schema: {
        tags,
        operationId: 'deviceConfig',
        summary: "The device's counter and its settings",
        response: { 200: deviceConfigAnswer },
      },
    },
    async (req) => {
      const counter = await sessions.counterOf(req.device!);
      return {
        result: 'success' as const,
        device_id: req.device!.id,
        device_type: req.device!.device_type,
        counter: {
          counter_id: counter.id,
          name: counter.name,
          foodcourt: counter.foodcourt,
          settings: settingsOf(counter.settings),
        },
      };
    },
  );
}
