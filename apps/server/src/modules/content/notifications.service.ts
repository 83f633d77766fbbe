import fs from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  nextOccurrences,
  notificationRegionProblems,
  type ListQuery,
  type Notification,
  type NotificationBody,
  type NotificationChannel,
  type NotificationRun,
  type NOTIFICATION_SORT,
  type Region,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  customerGroupMembers,
  customers,
  notificationRuns,
  notifications,
  orders,
  type NotificationRow,
  type NotificationRunRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { deleteVersioned, insertAudited, updateVersioned } from '../../lib/versioned.js';
import { checkContentSites, mayChange, visibleSites } from './content-common.js';
import { plainText } from './sanitize.js';
import { outer } from '../../lib/outer-column.js';

/** Recipients read and sent per step: progress is written after each. */
export const SEND_BATCH = 2000;
/** A run left "sending" this long (its process died) is taken up again by another. */
export const STALE_SENDING_MS = 10 * 60_000;
/** What a run says when its process died part-way; its counts are what it had sent by then. */
export const INTERRUPTED_RUN =
  'Interrupted: the server sending it stopped before the end (the counts are what it had sent)';

const LIST: ListSpec<(typeof NOTIFICATION_SORT)[number]> = {
  sortable: {
    title: text(notifications.title),
    send_at: notifications.send_at,
    status: notifications.status,
    updated_at: notifications.updated_at,
  },
  defaultSort: [sql`(-extract(epoch from ${notifications.updated_at}))`],
  key: notifications.id,
  search: [notifications.title, notifications.body],
};

export type NotificationMessage = {
  channel: Exclude<NotificationChannel, 'in_app'>;
  to: string;
  title: string;
  text: string;
  link: string;
};
export type NotificationSender = { send: (batch: NotificationMessage[]) => Promise<void> };

/**
 * Sends notification messages: e-mail through SMTP_URL, SMS through SMS_WEBHOOK_URL and push through
 * PUSH_WEBHOOK_URL (the ordering platform's push relay to FCM / web push) when configured; anything else to the
 * dev outbox, `<DATA_DIR>/outbox.log`, one append per batch.
 */
export function createNotificationSender(config: Config, log: FastifyBaseLogger): NotificationSender {
  const outboxFile = path.join(config.dataDir, 'outbox.log');
  const webhook = async (url: string, token: string | undefined, body: unknown) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`The sender answered ${res.status}`);
  };
  let transport: { sendMail: (m: object) => Promise<unknown> } | null = null;
  return {
    async send(batch) {
      const outbox: string[] = [];
      const push = batch.filter((m) => m.channel === 'push');
      if (push.length && config.PUSH_WEBHOOK_URL) {
        await webhook(config.PUSH_WEBHOOK_URL, config.PUSH_WEBHOOK_TOKEN, {
          messages: push.map((m) => ({ customer_ref: m.to, title: m.title, body: m.text, link: m.link })),
        });
      }
      for (const m of batch) {
        if (m.channel === 'push' && config.PUSH_WEBHOOK_URL) continue;
        if (m.channel === 'email' && config.SMTP_URL) {
          if (!transport) {
            const nodemailer = (await import('nodemailer')).default;
            transport = nodemailer.createTransport(config.SMTP_URL);
          }
          await transport.sendMail({ from: config.SMTP_FROM, to: m.to, subject: m.title, text: m.text });
        } else if (m.channel === 'sms' && config.SMS_WEBHOOK_URL) {
          await webhook(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_TOKEN, { to: m.to, text: `${m.title}: ${m.text}` });
        } else {
          outbox.push(
            `${new Date().toISOString()} NOTIFICATION ${m.channel.toUpperCase()} to=${m.to} ${JSON.stringify(`${m.title}: ${m.text}`)}\n`,
          );
        }
      }
      if (outbox.length) {
        await fs.promises.mkdir(config.dataDir, { recursive: true });
        await fs.promises.appendFile(outboxFile, outbox.join(''));
        log.debug({ outbox: true, messages: outbox.length }, `dev outbox: ${outbox.length} notification messages`);
      }
    },
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const runView = (r: NotificationRunRow): NotificationRun => ({
  id: r.id,
  started_at: r.started_at.toISOString(),
  finished_at: iso(r.finished_at),
  test: r.test,
  targeted: r.targeted,
  sent: r.sent,
  failed: r.failed,
  // A run that ended part-way (its server stopped) shows how far it got, not 100.
  progress:
    r.targeted === 0
      ? r.finished_at
        ? 100
        : 0
      : Math.min(r.finished_at ? 100 : 99, Math.floor(((r.sent + r.failed) * 100) / r.targeted)),
  error: r.error,
});

export const notificationView = (n: NotificationRow, last: NotificationRunRow | null): Notification => ({
  id: n.id,
  title: n.title,
  body: n.body,
  channels: n.channels as NotificationChannel[],
  audience: n.audience as Notification['audience'],
  foodcourts: n.foodcourts,
  groups: n.groups,
  image: n.image,
  link: n.link,
  send_at: iso(n.send_at),
  recurrence: n.recurrence,
  status: n.status as Notification['status'],
  next_run_at: iso(n.next_run_at),
  last_run: last ? runView(last) : null,
  runs: n.runs,
  version: n.version,
  updated_by: n.updated_by,
  updated_at: n.updated_at.toISOString(),
});

type Audience = { audience: string; foodcourts: string[]; groups: number[] };
type Recipient = { ref: string; email: string; phone: string };

/** Customers an audience reaches (opted in), as SQL on `customers`. */
function audienceWhere(a: Audience): SQL {
  const optedIn = eq(customers.marketing_opt_in, true);
  if (a.audience === 'sites')
    return sql`${optedIn} and exists (select 1 from ${orders} o where o.customer_ref = ${outer(customers.customer_ref)} and o.foodcourt = any(${sql.param(a.foodcourts)}::text[]))`;
  if (a.audience === 'groups')
    return sql`${optedIn} and exists (select 1 from ${customerGroupMembers} m where m.customer_ref = ${outer(customers.customer_ref)} and m.group_id = any(${sql.param(a.groups)}::int[]))`;
  return optedIn;
}

/** The messages of one recipient, one per channel they can be reached on. */
function messagesFor(n: NotificationRow, r: Recipient): NotificationMessage[] {
  const out: NotificationMessage[] = [];
  for (const channel of n.channels) {
    const to = channel === 'push' ? r.ref : channel === 'email' ? r.email : channel === 'sms' ? r.phone : '';
    if (channel !== 'in_app' && to)
      out.push({ channel: channel as NotificationMessage['channel'], to, title: n.title, text: n.body, link: n.link });
  }
  return out;
}

/** /notifications (issue 19 point 3): messages to sites, groups or everyone, now or scheduled, repeating. */
export class NotificationsService {
  constructor(private readonly db: Db) {}

  private async lastRuns(ids: number[]) {
    if (ids.length === 0) return new Map<number, NotificationRunRow>();
    const rows = await this.db
      .selectDistinctOn([notificationRuns.notification_id])
      .from(notificationRuns)
      .where(and(inArray(notificationRuns.notification_id, ids), eq(notificationRuns.test, false)))
      .orderBy(notificationRuns.notification_id, desc(notificationRuns.id));
    return new Map(rows.map((r) => [r.notification_id, r]));
  }

  async view(n: NotificationRow) {
    return notificationView(n, (await this.lastRuns([n.id])).get(n.id) ?? null);
  }

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { search?: string; status?: string },
    range = listRange(query),
  ): Promise<ListPage<Notification>> {
    const scope = await loadSiteScope(this.db, user);
    const cond = and(
      listSearch(LIST, query.search),
      query.status ? eq(notifications.status, query.status) : undefined,
      scope.all ? undefined : and(eq(notifications.audience, 'sites'), visibleSites(scope, notifications.foodcourts)),
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(notifications)
          .where(cond)
          .orderBy(...listOrder(LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(notifications).where(cond),
    ]);
    const last = await this.lastRuns(rows.map((r) => r.id));
    return { rows: rows.map((r) => notificationView(r, last.get(r.id) ?? null)), total: total?.n ?? 0 };
  }

  async row(user: UserRow, id: number): Promise<NotificationRow> {
    const [n] = await this.db.select().from(notifications).where(eq(notifications.id, id));
    if (!n) throw notFound('notificationNotFound', `Notification ${id} does not exist`);
    if (!user.admin) {
      const scope = await loadSiteScope(this.db, user);
      if (!scope.all && (n.audience !== 'sites' || !n.foodcourts.every((f) => scope.foodcourts.has(f))))
        throw notFound('notificationNotFound', `Notification ${id} does not exist`);
    }
    return n;
  }

  /** Who may send to whom: sites within the user's; everyone and groups need every site. */
  private async checkAudience(user: UserRow, b: Audience) {
    const scope = await checkContentSites(this.db, user, b.audience === 'sites' ? b.foodcourts : [], 'foodcourts');
    return scope;
  }

  private values(b: NotificationBody, region: Region, now = new Date()) {
    const problems = notificationRegionProblems(b, region.flags, (at) => new Date(at ?? now).getHours());
    const relevant = b.status === 'scheduled' ? problems : problems.filter((p) => p.field !== 'send_at');
    if (relevant.length)
      throw badRequest('notAllowedInRegion', relevant[0]!.message, { field: relevant[0]!.field, problems: relevant });
    const title = plainText(b.title);
    const body = plainText(b.body);
    if (!title) throw badRequest('titleRequired', 'Enter the title', { field: 'title' });
    if (!body) throw badRequest('bodyRequired', 'Enter the message', { field: 'body' });
    if (b.status === 'scheduled' && b.send_at && !b.recurrence && Date.parse(b.send_at) < now.getTime() - 60_000)
      throw badRequest('sendAtPast', 'The time has passed: choose a later time or send now', { field: 'send_at' });
    const next =
      b.status !== 'scheduled'
        ? null
        : b.send_at
          ? (nextOccurrences(
              b.send_at,
              b.recurrence,
              new Date(Math.min(now.getTime(), Date.parse(b.send_at)) - 1),
            )[0] ?? null)
          : now;
    if (b.status === 'scheduled' && !next)
      throw badRequest('noOccurrence', 'The schedule has no time left to send', { field: 'recurrence' });
    return {
      title,
      body,
      channels: b.channels,
      audience: b.audience,
      foodcourts: b.audience === 'sites' ? b.foodcourts : [],
      groups: b.audience === 'groups' ? b.groups : [],
      image: b.image,
      link: b.link,
      send_at: b.send_at ? new Date(b.send_at) : null,
      recurrence: b.recurrence,
      status: b.status,
      next_run_at: next,
    };
  }

  async create(b: NotificationBody, region: Region, actor: Actor) {
    await this.checkAudience(actor.user, b);
    const values = this.values(b, region);
    return this.db.transaction((tx) =>
      insertAudited(tx, { table: notifications, values, actor, entity: 'notification' }),
    );
  }

  async update(id: number, b: NotificationBody & { version: number }, region: Region, actor: Actor) {
    const before = await this.row(actor.user, id);
    if (before.status === 'sending')
      throw new AppError(409, 'notificationSending', 'It is being sent: wait for the run to finish');
    mayChange(await this.checkAudience(actor.user, b), before.audience === 'sites' ? before.foodcourts : []);
    const values = this.values(b, region);
    return this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: notifications,
        where: eq(notifications.id, id),
        version: b.version,
        actor,
        entity: 'notification',
        entityId: String(id),
        what: 'This notification',
        before,
        set: values,
      }),
    );
  }

  async cancel(id: number, version: number, actor: Actor) {
    const before = await this.row(actor.user, id);
    if (before.status !== 'scheduled' && before.status !== 'draft')
      throw badRequest('notCancellable', 'Only a draft or scheduled notification can be cancelled');
    return this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: notifications,
        where: and(eq(notifications.id, id), inArray(notifications.status, ['scheduled', 'draft']))!,
        version,
        actor,
        action: 'cancel',
        entity: 'notification',
        entityId: String(id),
        what: 'This notification',
        before,
        set: { status: 'cancelled', next_run_at: null },
      }),
    );
  }

  async remove(id: number, version: number, actor: Actor) {
    const before = await this.row(actor.user, id);
    if (before.status === 'sending')
      throw new AppError(409, 'notificationSending', 'It is being sent: cancel it first');
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: notifications,
        where: eq(notifications.id, id),
        version,
        actor,
        entity: 'notification',
        entityId: String(id),
        what: 'This notification',
        before,
      }),
    );
  }

  async runs(user: UserRow, id: number) {
    await this.row(user, id);
    const rows = await this.db
      .select()
      .from(notificationRuns)
      .where(eq(notificationRuns.notification_id, id))
      .orderBy(desc(notificationRuns.id))
      .limit(100);
    return rows.map(runView);
  }

  async audienceCount(user: UserRow, a: Audience) {
    await this.checkAudience(user, a);
    const [row] = await this.db.select({ n: count() }).from(customers).where(audienceWhere(a));
    return row?.n ?? 0;
  }

  /** A test: the notification to the signed-in user only (their e-mail, phone and user id for push). */
  async testSend(user: UserRow, id: number, sender: NotificationSender) {
    const n = await this.row(user, id);
    const [run] = await this.db
      .insert(notificationRuns)
      .values({ notification_id: id, test: true, targeted: 1, title: n.title, body: n.body })
      .returning();
    const messages = messagesFor(n, { ref: user.userid, email: user.email ?? '', phone: user.phone ?? '' });
    let error: string | null = null;
    try {
      if (messages.length === 0) throw new Error('You have no e-mail or phone for the chosen channels');
      await sender.send(messages.map((m) => ({ ...m, title: `[Test] ${m.title}` })));
    } catch (e) {
      error = (e as Error).message;
    }
    const [done] = await this.db
      .update(notificationRuns)
      .set({ sent: error ? 0 : 1, failed: error ? 1 : 0, error, finished_at: new Date() })
      .where(eq(notificationRuns.id, run!.id))
      .returning();
    return runView(done!);
  }

  /** Claims the due notifications (and runs abandoned by a dead process) and sends each. */
  async sendDue(sender: NotificationSender, log?: FastifyBaseLogger, now = new Date()) {
    const stale = new Date(now.getTime() - STALE_SENDING_MS);
    const claimed = await this.db
      .update(notifications)
      .set({ status: 'sending', updated_at: now, version: sql`${notifications.version} + 1` })
      .where(
        sql`(${notifications.status} = 'scheduled' and ${notifications.next_run_at} <= ${now.toISOString()}) or (${notifications.status} = 'sending' and ${notifications.updated_at} < ${stale.toISOString()})`,
      )
      .returning();
    for (const n of claimed) {
      // A run still open belongs to a send whose process died (this one now holds the notification): it ends.
      await this.endOpenRuns(n.id, INTERRUPTED_RUN);
      try {
        await this.send(n, sender, now);
      } catch (e) {
        log?.error({ err: e, notification: n.id }, 'notification send failed');
        await this.endOpenRuns(n.id, `Stopped: ${(e as Error).message}`);
        await this.db
          .update(notifications)
          .set({
            status: 'failed',
            next_run_at: null,
            updated_at: new Date(),
            version: sql`${notifications.version} + 1`,
          })
          .where(eq(notifications.id, n.id));
      }
    }
    return claimed.length;
  }

  /** Ends the notification's scheduled runs left open (not tests), with the reason, keeping their counts. */
  private async endOpenRuns(id: number, error: string) {
    await this.db
      .update(notificationRuns)
      .set({ error: sql`concat_ws('; ', ${error}::text, ${notificationRuns.error})`, finished_at: new Date() })
      .where(
        and(
          eq(notificationRuns.notification_id, id),
          eq(notificationRuns.test, false),
          isNull(notificationRuns.finished_at),
        ),
      );
  }

  /** One run: recipients in batches by key, progress after each; then the next time, or sent. */
  async send(n: NotificationRow, sender: NotificationSender, now = new Date()) {
    const [target] = await this.db.select({ n: count() }).from(customers).where(audienceWhere(n));
    const [run] = await this.db
      .insert(notificationRuns)
      .values({
        notification_id: n.id,
        targeted: target?.n ?? 0,
        title: n.title,
        body: n.body,
        in_app: n.channels.includes('in_app') && n.audience !== 'groups',
        foodcourts: n.foodcourts,
      })
      .returning();
    let cursor = '';
    let sent = 0;
    let failed = 0;
    let error: string | null = null;
    for (;;) {
      const batch = await this.db
        .select({ ref: customers.customer_ref, email: customers.email, phone: customers.phone })
        .from(customers)
        .where(and(audienceWhere(n), gt(customers.customer_ref, cursor)))
        .orderBy(customers.customer_ref)
        .limit(SEND_BATCH);
      if (batch.length === 0) break;
      cursor = batch[batch.length - 1]!.ref;
      const messages: NotificationMessage[] = [];
      let reached = 0;
      for (const r of batch) {
        const m = messagesFor(n, r);
        if (m.length || n.channels.includes('in_app')) reached++;
        messages.push(...m);
      }
      try {
        if (messages.length) await sender.send(messages);
        sent += reached;
        failed += batch.length - reached;
      } catch (e) {
        failed += batch.length;
        error = (e as Error).message;
      }
      await this.db.update(notificationRuns).set({ sent, failed, error }).where(eq(notificationRuns.id, run!.id));
      if (batch.length < SEND_BATCH) break;
    }
    await this.db
      .update(notificationRuns)
      .set({ targeted: sent + failed, sent, failed, error, finished_at: new Date() })
      .where(eq(notificationRuns.id, run!.id));
    const next =
      n.send_at && n.recurrence ? (nextOccurrences(n.send_at.toISOString(), n.recurrence, now)[0] ?? null) : null;
    await this.db
      .update(notifications)
      .set({
        status: next ? 'scheduled' : 'sent',
        next_run_at: next,
        runs: sql`${notifications.runs} + 1`,
        updated_at: new Date(),
        version: sql`${notifications.version} + 1`,
      })
      .where(eq(notifications.id, n.id));
  }

  /** The apps' in-app feed: what was sent in the last 30 days to the site (or to everyone). */
  async feed(foodcourt: string | undefined) {
    const rows = await this.db
      .select({ run: notificationRuns, image: notifications.image, link: notifications.link })
      .from(notificationRuns)
      .innerJoin(notifications, eq(notifications.id, notificationRuns.notification_id))
      .where(
        and(
          eq(notificationRuns.in_app, true),
          eq(notificationRuns.test, false),
          sql`${notificationRuns.finished_at} > now() - interval '30 days'`,
          foodcourt
            ? sql`(${notificationRuns.foodcourts} = '[]'::jsonb or ${notificationRuns.foodcourts} @> ${JSON.stringify([foodcourt])}::jsonb)`
            : sql`${notificationRuns.foodcourts} = '[]'::jsonb`,
        ),
      )
      .orderBy(desc(notificationRuns.id))
      .limit(50);
    return rows.map((r) => ({
      id: r.run.id,
      title: r.run.title,
      body: r.run.body,
      image: r.image,
      link: r.link,
      sent_at: r.run.finished_at!.toISOString(),
    }));
  }
}
