import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  deviceCode,
  DEVICE_ONLINE_MS,
  HEARTBEAT_INTERVAL_MS,
  isOnline,
  LICENCE_STATUS,
  nextLicenceStatus,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_MS,
  type Device,
  type DeviceType,
  type LicenceAction,
  type LicenceStatus,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { counters, devices, type DeviceRow } from '../../db/schema/index.js';
import { AppError, badRequest, unauthorized } from '../../lib/errors.js';
import { every } from '../../lib/periodic.js';
import { DEVICES_CHANNEL } from '../jobs/job-store.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The paired device calling a device route (permission `device`), once its token is checked. */
    device: DeviceRow | null;
  }
}

const hash = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A pairing code a person can type: 8 characters of an alphabet without look-alikes, from a CSPRNG. */
export function newPairingCode(): string {
  let code = '';
  while (code.length < PAIRING_CODE_LENGTH)
    code += PAIRING_CODE_ALPHABET[crypto.randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

export function deviceView(r: DeviceRow, now = Date.now()): Device {
  const last = r.last_seen_at?.toISOString() ?? null;
  return {
    device_id: r.id,
    name: r.name,
    device_type: r.device_type as DeviceType,
    device_code: deviceCode(r.device_type as DeviceType),
    counter_id: r.counter_id,
    licence_status: r.licence_status as LicenceStatus,
    pairing_expires_at:
      r.licence_status === LICENCE_STATUS.pending ? (r.pairing_expires_at?.toISOString() ?? null) : null,
    paired_at: r.paired_at?.toISOString() ?? null,
    last_seen_at: last,
    online: r.licence_status === LICENCE_STATUS.enabled && isOnline(last, now),
    app_version: r.app_version,
    version: r.version,
  };
}

/** Tells the event streams (of users of the device's food court) that a device changed. */
export async function notifyDevice(tx: DbOrTx, deviceId: number): Promise<void> {
  await tx.execute(sql`
    select pg_notify(${DEVICES_CHANNEL}, json_build_object(
      'device_id', d.id, 'counter_id', d.counter_id, 'foodcourt', c.foodcourt,
      'online', d.licence_status = 2 and d.last_seen_at > now() - make_interval(secs => ${DEVICE_ONLINE_MS / 1000}),
      'last_seen_at', d.last_seen_at, 'app_version', d.app_version, 'licence_status', d.licence_status,
      'test_push_at', d.test_push_at, 'test_push_delivered_at', d.test_push_delivered_at)::text)
    from devices d join counters c on c.id = d.counter_id where d.id = ${deviceId}`);
}

export const refusedTransition = (from: LicenceStatus, action: string) =>
  new AppError(
    409,
    'licenceTransition',
    `A licence that is ${['Created', 'Pending', 'Enabled', 'Disabled'][from]} cannot take ${action}`,
    {
      field: 'action',
      licence_status: from,
    },
  );

/**
 * Moves a licence by a person's action (license_activate, license_deactivate, revoke), version-checked, in the
 * caller's transaction. license_activate from Created issues a pairing code (answered once, kept only hashed);
 * revoke forgets the token, so the device must pair again.
 */
export async function applyLicenceAction(
  tx: DbOrTx,
  device: DeviceRow,
  action: Exclude<LicenceAction, 'pair'>,
  version: number,
  userid: string,
): Promise<{ row: DeviceRow; code: string | null }> {
  const from = device.licence_status as LicenceStatus;
  const to = nextLicenceStatus(from, action);
  if (to === null) throw refusedTransition(from, action);
  const code = from === LICENCE_STATUS.created && to === LICENCE_STATUS.pending ? newPairingCode() : null;
  const [row] = await tx
    .update(devices)
    .set({
      licence_status: to,
      ...(code
        ? { pairing_code_hash: hash(code), pairing_expires_at: new Date(Date.now() + PAIRING_CODE_TTL_MS) }
        : to === LICENCE_STATUS.created
          ? { pairing_code_hash: null, pairing_expires_at: null, token_hash: null, paired_at: null, online: false }
          : {}),
      updated_by: userid,
      updated_at: new Date(),
      version: sql`${devices.version} + 1`,
    })
    .where(and(eq(devices.id, device.id), eq(devices.version, version)))
    .returning();
  if (!row) {
    throw new AppError(
      409,
      'versionConflict',
      `The device ${device.name} was changed since you opened it. Reload to see it.`,
    );
  }
  await notifyDevice(tx, row.id);
  return { row, code };
}

/** The device's own calls: pairing with a code, its token, heartbeats. */
export class DeviceSessions {
  constructor(private readonly db: Db) {}

  /** Exchanges a pairing code for a token, once, before it expires. */
  async pair(code: string, appVersion: string): Promise<{ device: DeviceRow; token: string }> {
    return this.db.transaction(async (tx) => {
      const [device] = await tx
        .select()
        .from(devices)
        .where(eq(devices.pairing_code_hash, hash(code)))
        .for('update');
      if (!device || device.licence_status !== LICENCE_STATUS.pending) {
        throw badRequest('pairingCodeUnknown', 'code: this pairing code is not known or was used already', {
          field: 'code',
        });
      }
      if (!device.pairing_expires_at || device.pairing_expires_at.getTime() < Date.now()) {
        throw badRequest('pairingCodeExpired', 'code: this pairing code has expired; ask for a new one', {
          field: 'code',
        });
      }
      const token = crypto.randomBytes(32).toString('base64url');
      const now = new Date();
      const [row] = await tx
        .update(devices)
        .set({
          licence_status: nextLicenceStatus(LICENCE_STATUS.pending, 'pair')!,
          pairing_code_hash: null,
          pairing_expires_at: null,
          token_hash: hash(token),
          paired_at: now,
          last_seen_at: now,
          online: true,
          app_version: appVersion,
          version: sql`${devices.version} + 1`,
          updated_at: now,
        })
        .where(eq(devices.id, device.id))
        .returning();
      await notifyDevice(tx, row!.id);
      return { device: row!, token };
    });
  }

  /** The onRequest hook of the device routes: `Authorization: Device <token>` of a paired device, else 401. */
  auth() {
    return async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = typeof header === 'string' ? /^Device\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
      if (!token) throw unauthorized('A device token is required: send it as `Authorization: Device <token>`');
      const [device] = await this.db
        .select()
        .from(devices)
        .where(eq(devices.token_hash, hash(token)));
      if (!device) throw unauthorized('This device token is not known or has been revoked');
      request.device = device;
    };
  }

  /**
   * A heartbeat: the device is seen now. The event streams hear of it only when something they show changes
   * (it came online, or its app version changed), not every ten seconds.
   */
  async heartbeat(device: DeviceRow, appVersion: string) {
    if (device.licence_status === LICENCE_STATUS.disabled) {
      throw new AppError(403, 'deviceDisabled', 'This device is disabled; ask to have it enabled again', {
        licence_status: 3,
      });
    }
    const wasOnline = device.online;
    const versionChanged = appVersion !== '' && appVersion !== device.app_version;
    // A test push from push-setting is handed over once, with this answer, and marked delivered.
    const testPush = device.test_push_at && !device.test_push_delivered_at ? device.test_push_at : null;
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx
        .update(devices)
        .set({
          last_seen_at: now,
          online: true,
          ...(versionChanged ? { app_version: appVersion } : {}),
          ...(testPush ? { test_push_delivered_at: now } : {}),
        })
        .where(eq(devices.id, device.id));
      if (!wasOnline || versionChanged || testPush) await notifyDevice(tx, device.id);
    });
    return {
      licence_status: device.licence_status,
      next_heartbeat_ms: HEARTBEAT_INTERVAL_MS,
      test_push: testPush?.toISOString() ?? null,
    };
  }

  /** Marks devices not heard from for 30 s as offline, and tells the streams; answers how many went offline. */
  async sweep(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const gone = (await tx.execute(sql`
        update devices set online = false
        where online and (last_seen_at is null or last_seen_at < now() - make_interval(secs => ${DEVICE_ONLINE_MS / 1000}))
        returning id`)) as unknown as { rows: { id: number }[] };
      for (const d of gone.rows) await notifyDevice(tx, Number(d.id));
      return gone.rows.length;
    });
  }

  /** The counter a device serves, for its configuration call. */
  async counterOf(device: DeviceRow) {
    const [counter] = await this.db.select().from(counters).where(eq(counters.id, device.counter_id));
    return counter!;
  }
}

/** Runs the offline sweep every `everyMs`, each round in one of the job-running processes; returns the stop function. */
export function startDeviceSweep(db: Db, everyMs: number, log: { warn: (obj: object, msg: string) => void }) {
  const sessions = new DeviceSessions(db);
  return every(db, everyMs, () => sessions.sweep(), log, 'device sweep');
}
