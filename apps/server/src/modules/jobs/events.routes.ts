import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { sessions, type JobEventRow } from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../auth/session.store.js';
import { getState } from '../../lib/app-state.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { DEVICES_CHANNEL } from './job-store.js';
import type { EventHub } from './event-hub.js';

export const RETRY_MS = 3000;
export const SALES_THROTTLE_MS = 1000;

const eventsQuery = z.object({ last_event_id: z.coerce.number().int().min(0).optional() });

/** One SSE frame. Job events carry their log id so a reconnect can resume after the last one it saw. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const frameOf = (e: JobEventRow) => sseFrame(e.kind, e.payload, e.id);

function lastEventId(header: string | string[] | undefined, query: number | undefined): number | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  const fromHeader = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
  return fromHeader ?? query;
}

/**
 * GET /events: Server-Sent Events of the signed-in user's job changes (spec 000 §2.2, §4). Sends `retry`,
 * then `sync` {last_bqsync_time} (again whenever it changes), then — given Last-Event-ID (header, or ?last_event_id= for the first
 * connection) — every later job event of the user, then live events. A comment every 15 s (SSE_HEARTBEAT_SECONDS) keeps proxies
 * from closing the idle stream. The stream ends when the client goes, the server closes, or (checked at each
 * heartbeat) the session ends; the browser's reconnect then gets 401.
 */
export async function eventsRoutes(
  fastify: FastifyInstance,
  { db, hub, sessionIdleMs, heartbeatMs }: { db: Db; hub: EventHub; sessionIdleMs: number; heartbeatMs: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Whether the stream's session still lives (signed out, timed out), without touching its idle time: an
  // open stream must not keep a session alive.
  const sessionAlive = async (cookie: string | undefined) => {
    if (!cookie) return false;
    const now = Date.now();
    const [row] = await db
      .select({ id: sessions.id_hash })
      .from(sessions)
      .where(
        and(
          eq(sessions.id_hash, crypto.createHash('sha256').update(cookie).digest('hex')),
          gt(sessions.expires_at, new Date(now)),
          gt(sessions.last_seen_at, new Date(now - sessionIdleMs)),
        ),
      );
    return !!row;
  };
  const open = new Set<ServerResponse>();
  // Open streams would keep app.close() waiting: end them first.
  fastify.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get(
    '/events',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['jobs'],
        operationId: 'streamEvents',
        summary: 'Server-Sent Events: job, job_deleted, sync, sales (resumes after Last-Event-ID)',
        querystring: eventsQuery,
        response: {
          200: {
            description:
              'An event stream: `job` (a BackgroundJob), `job_deleted` ({id}), `sync` ({last_bqsync_time}), ' +
              '`sales` ({restaurants}: orders of these restaurants arrived or changed), `device` (a device of the ' +
              "user's food courts came online, went offline or changed)",
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const userid = req.user!.userid;
      const after = lastEventId(req.headers['last-event-id'], req.query.last_event_id);
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      open.add(res);

      // Subscribe before the catch-up read so nothing falls between; live events wait until it is sent.
      // Ids sent during the catch-up, so an event both read and buffered goes once (dropped afterwards).
      let sent: Set<number> | null = new Set<number>();
      let buffered: JobEventRow[] | null = [];
      const send = (e: JobEventRow) => {
        if (res.writableEnded || sent?.has(e.id)) return;
        sent?.add(e.id);
        res.write(frameOf(e));
      };
      const unsubscribeJobs = hub.subscribe(userid, (e) => (buffered ? buffered.push(e) : send(e)));
      // Orders of the user's restaurants: a `sales` event, at most one a second per stream (a busy lunch hour
      // would otherwise make every open dashboard refetch with every order).
      const scope = await loadSiteScope(db, req.user!);
      let salesTimer: NodeJS.Timeout | null = null;
      const salesPending = new Set<string>();
      const unsubscribeSales = hub.subscribeSales((restaurant) => {
        if (!scope.all && !scope.restaurants.has(restaurant)) return;
        salesPending.add(restaurant);
        salesTimer ??= setTimeout(() => {
          salesTimer = null;
          if (!res.writableEnded) res.write(sseFrame('sales', { restaurants: [...salesPending] }));
          salesPending.clear();
        }, SALES_THROTTLE_MS);
      });
      // Devices of the user's food courts: a `device` event when one comes online, goes offline or changes.
      const unsubscribeDevices = hub.subscribeBroadcast(DEVICES_CHANNEL, (payload) => {
        let data: { foodcourt?: string } & Record<string, unknown>;
        try {
          data = JSON.parse(payload) as typeof data;
        } catch {
          return;
        }
        const { foodcourt, ...device } = data;
        if (!scope.all && !scope.foodcourts.has(String(foodcourt))) return;
        if (!res.writableEnded) res.write(sseFrame('device', device));
      });
      const unsubscribe = () => {
        unsubscribeJobs();
        unsubscribeSales();
        unsubscribeDevices();
        if (salesTimer) clearTimeout(salesTimer);
      };
      const cookie = req.cookies[SESSION_COOKIE];
      // The last sync time is sent at the start and again whenever a heartbeat finds it changed (whoever wrote
      // it: the sync itself runs outside this server); a heartbeat with nothing new is a comment.
      let lastSync: string | null | undefined;
      const syncFrame = async () => {
        const time = await getState(db, 'last_bqsync_time');
        if (time === lastSync) return null;
        lastSync = time;
        return sseFrame('sync', { last_bqsync_time: time });
      };
      const heartbeat = setInterval(() => {
        sessionAlive(cookie)
          .then(async (alive) => {
            if (!alive) return res.end();
            const frame = await syncFrame();
            if (!res.writableEnded) res.write(frame ?? ': ping\n\n');
          })
          .catch(() => !res.writableEnded && res.write(': ping\n\n'));
      }, heartbeatMs);
      heartbeat.unref();
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', cleanup);
      req.raw.on('close', () => {
        cleanup();
        if (!res.writableEnded) res.end();
      });

      try {
        res.write(`retry: ${RETRY_MS}\n\n`);
        res.write((await syncFrame())!);
        if (after !== undefined) for (const e of await hub.since(userid, after)) send(e);
        const queued: JobEventRow[] = buffered;
        buffered = null;
        for (const e of queued.sort((a, b) => a.id - b.id)) send(e);
        sent = null;
      } catch (err) {
        req.log.warn({ err }, 'event stream failed');
        cleanup();
        res.end();
      }
    },
  );
}
