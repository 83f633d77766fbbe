import { and, asc, eq, gt, max } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { asSystem } from '../../db/tenant-scope.js';
import { jobEvents, type JobEventRow } from '../../db/schema/index.js';
import { SESSIONS_CHANNEL } from '../auth/session.store.js';
import { DEVICES_CHANNEL, EVENTS_CHANNEL, SALES_CHANNEL } from './job-store.js';

/** The LISTEN connection's application_name (visible in pg_stat_activity). */
export const EVENTS_APPLICATION = 'control-desk-events';

export type HubListener = (event: JobEventRow) => void;
const BROADCAST_CHANNELS: readonly string[] &
  readonly (typeof SALES_CHANNEL | typeof DEVICES_CHANNEL | typeof SESSIONS_CHANNEL)[] = [
  SALES_CHANNEL,
  DEVICES_CHANNEL,
  SESSIONS_CHANNEL,
];
type Log = { warn: (obj: object, msg: string) => void };
type PgliteListen = { listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> };

/**
 * Fans job events out to this process's event streams. Every change writes a job_events row and NOTIFYs its
 * id on `cd_events` in its transaction; the hub LISTENs (PGlite: on the embedded database; PostgreSQL: on a
 * dedicated connection, so changes made by other API or worker processes arrive too), reads the row and hands
 * it to the streams of its user. After a lost PostgreSQL connection it reconnects and catches up by id.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<HubListener>>();
  /**
   * Streams told of broadcast notifications: an order of a restaurant arrived or changed (`cd_sales`, payload the
   * restaurant), a device went online or offline or changed (`cd_devices`, payload JSON).
   */
  private readonly broadcastListeners = new Map<string, Set<(payload: string) => void>>();
  private readonly unlistenBroadcasts: (() => Promise<void>)[] = [];
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;
  private maxSeen = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly databaseUrl: string | undefined,
    private readonly log: Log,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const [last] = await this.db.select({ id: max(jobEvents.id) }).from(jobEvents);
    this.maxSeen = Number(last?.id ?? 0);
    if (this.databaseUrl) {
      await this.connect();
    } else {
      const pglite = (this.db as unknown as { $client: PgliteListen }).$client;
      this.unlisten = await pglite.listen(EVENTS_CHANNEL, (payload) => void this.onNotify(payload));
      for (const channel of BROADCAST_CHANNELS) {
        this.unlistenBroadcasts.push(await pglite.listen(channel, (payload) => this.onBroadcast(channel, payload)));
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: EVENTS_APPLICATION });
    client.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL && msg.payload) void this.onNotify(msg.payload);
      else if (BROADCAST_CHANNELS.includes(msg.channel) && msg.payload) this.onBroadcast(msg.channel, msg.payload);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log.warn({ err }, 'event listener connection lost; reconnecting');
      this.reconnectTimer = setTimeout(() => void this.reconnect(), 1000);
    };
    client.on('error', (err) => lost(err));
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    for (const channel of BROADCAST_CHANNELS) await client.query(`LISTEN ${channel}`);
    this.client = client;
  }

  private async reconnect(): Promise<void> {
    this.reconnectTimer = null;
    if (this.stopped) return;
    try {
      await this.connect();
      // Session changes notified while the connection was down are gone: the session store forgets everything.
      this.onBroadcast(SESSIONS_CHANNEL, 'all');
      // Notifications sent while the connection was down are gone: deliver what was written since.
      const catchUp = this.queue.then(async () => {
        const missed = await this.db
          .select()
          .from(jobEvents)
          .where(gt(jobEvents.id, this.maxSeen))
          .orderBy(asc(jobEvents.id));
        for (const event of missed) this.dispatch(event);
      });
      this.queue = catchUp.catch(() => undefined);
      await catchUp;
    } catch (err) {
      this.log.warn({ err }, 'event listener could not reconnect; retrying');
      this.reconnectTimer = setTimeout(() => void this.reconnect(), 3000);
    }
  }

  /** Notifications are handled one after another, so streams get events in commit order. */
  private queue: Promise<void> = Promise.resolve();

  private onNotify(payload: string): Promise<void> {
    // A notification arrives in the context of whatever query carried it: the hub reads as the system.
    this.queue = this.queue.then(() => asSystem(() => this.handle(payload)));
    return this.queue;
  }

  private async handle(payload: string): Promise<void> {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || this.stopped) return;
    try {
      const [event] = await this.db.select().from(jobEvents).where(eq(jobEvents.id, id));
      if (event) this.dispatch(event);
    } catch (err) {
      if (!this.stopped) this.log.warn({ err }, 'could not read a job event');
    }
  }

  private dispatch(event: JobEventRow): void {
    this.maxSeen = Math.max(this.maxSeen, event.id);
    for (const listener of this.listeners.get(event.userid) ?? []) {
      try {
        listener(event);
      } catch (err) {
        this.log.warn({ err }, 'event listener failed');
      }
    }
  }

  /** Calls `listener` with every new event of `userid`; returns the unsubscribe function. */
  subscribe(userid: string, listener: HubListener): () => void {
    let set = this.listeners.get(userid);
    if (!set) this.listeners.set(userid, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userid) === set) this.listeners.delete(userid);
    };
  }

  private onBroadcast(channel: string, payload: string): void {
    for (const listener of this.broadcastListeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        this.log.warn({ err }, 'broadcast listener failed');
      }
    }
  }

  /** Calls `listener` with the payload of every notification on a broadcast channel; returns the unsubscribe. */
  subscribeBroadcast(channel: (typeof BROADCAST_CHANNELS)[number], listener: (payload: string) => void): () => void {
    const set = this.broadcastListeners.get(channel) ?? new Set();
    set.add(listener);
    this.broadcastListeners.set(channel, set);
    return () => set.delete(listener);
  }

  /** Calls `listener` with the restaurant of every order that arrives or changes; returns the unsubscribe function. */
  subscribeSales(listener: (restaurant: string) => void): () => void {
    return this.subscribeBroadcast(SALES_CHANNEL, listener);
  }

  /** The user's events after `afterId`, oldest first (a reconnecting stream's catch-up). */
  async since(userid: string, afterId: number, limit = 5000): Promise<JobEventRow[]> {
    return this.db
      .select()
      .from(jobEvents)
      .where(and(eq(jobEvents.userid, userid), gt(jobEvents.id, afterId)))
      .orderBy(asc(jobEvents.id))
      .limit(limit);
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
    if (this.unlisten) await this.unlisten().catch(() => undefined);
    this.unlisten = null;
    for (const unlisten of this.unlistenBroadcasts.splice(0)) await unlisten().catch(() => undefined);
  }
}
