import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Campaign,
  type CampaignBody,
  type CampaignResults,
  type CampaignStatus,
  type CAMPAIGN_SORT,
  type ListQuery,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  campaignRecipients,
  campaigns,
  customerGroupMembers,
  customerGroups,
  customers,
  offers,
  type CampaignRow,
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
import { deleteVersioned, updateVersioned, insertAudited } from '../../lib/versioned.js';
import { GroupsService } from './groups.service.js';
import { insertUniqueCodes } from './offers.service.js';

const CAMPAIGN_LIST: ListSpec<(typeof CAMPAIGN_SORT)[number]> = {
  sortable: {
    name: text(campaigns.name),
    status: campaigns.status,
    send_at: campaigns.send_at,
    updated_at: campaigns.updated_at,
  },
  defaultSort: [sql`-extract(epoch from coalesce(${campaigns.send_at}, 'infinity'::timestamptz))`],
  key: campaigns.id,
  search: [campaigns.name, campaigns.subject],
};

type Joined = { c: CampaignRow; group_name: string | null; offer_name: string | null };
const view = ({ c, group_name, offer_name }: Joined): Campaign => ({
  id: c.id,
  name: c.name,
  channel: c.channel as Campaign['channel'],
  group_id: c.group_id,
  group_name: group_name ?? '',
  offer_id: c.offer_id,
  offer_name: offer_name,
  subject: c.subject,
  message: c.message,
  send_at: c.send_at?.toISOString() ?? null,
  control_pct: c.control_pct,
  status: c.status as CampaignStatus,
  sent_at: c.sent_at?.toISOString() ?? null,
  reached: c.reached,
  version: c.version,
  updated_by: c.updated_by,
  updated_at: c.updated_at.toISOString(),
});

/** Whether a member is held out: a stable hash of campaign and customer, so a re-run splits the same way. */
export function inControl(campaignId: number, customerRef: string, pct: number) {
  if (pct <= 0) return false;
  const h = crypto.createHash('sha256').update(`${campaignId}:${customerRef}`).digest();
  return h.readUInt32BE(0) % 100 < pct;
}

export type CampaignMessage = { channel: 'push' | 'email' | 'sms'; to: string; subject: string; text: string };
export type CampaignSender = { send: (batch: CampaignMessage[]) => Promise<void> };

/**
 * Sends campaign messages: e-mail through SMTP_URL and SMS through SMS_WEBHOOK_URL when configured; otherwise
 * (and for push, which needs the ordering apps' push keys, not configured here) the dev outbox,
 * `<DATA_DIR>/outbox.log`, written a batch at a time.
 */
export function createCampaignSender(config: Config, log: FastifyBaseLogger): CampaignSender {
  const outboxFile = path.join(config.dataDir, 'outbox.log');
  return {
    async send(batch) {
      const outbox: string[] = [];
      for (const m of batch) {
        if (m.channel === 'email' && config.SMTP_URL) {
          const nodemailer = (await import('nodemailer')).default;
          await nodemailer
            .createTransport(config.SMTP_URL)
            .sendMail({ from: config.SMTP_FROM, to: m.to, subject: m.subject, text: m.text });
        } else if (m.channel === 'sms' && config.SMS_WEBHOOK_URL) {
          const res = await fetch(config.SMS_WEBHOOK_URL, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(config.SMS_WEBHOOK_TOKEN ? { authorization: `Bearer ${config.SMS_WEBHOOK_TOKEN}` } : {}),
            },
            body: JSON.stringify({ to: m.to, text: m.text }),
            signal: AbortSignal.timeout(10_000),
          });
          if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
        } else {
          outbox.push(
            `${new Date().toISOString()} CAMPAIGN ${m.channel.toUpperCase()} to=${m.to} ${JSON.stringify(m.subject ? `${m.subject}: ${m.text}` : m.text)}\n`,
          );
        }
      }
      if (outbox.length) {
        await fs.promises.mkdir(config.dataDir, { recursive: true });
        await fs.promises.appendFile(outboxFile, outbox.join(''));
        log.info({ outbox: true, messages: outbox.length }, `dev outbox: ${outbox.length} campaign messages`);
      }
    },
  };
}

export class CampaignsService {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({ c: campaigns, group_name: customerGroups.name, offer_name: offers.name })
      .from(campaigns)
      .leftJoin(customerGroups, eq(customerGroups.id, campaigns.group_id))
      .leftJoin(offers, eq(offers.id, campaigns.offer_id));
  }

  async list(query: Partial<ListQuery> & { search?: string; status?: CampaignStatus }): Promise<ListPage<Campaign>> {
    // A number searches ids too (a link to ?edit=<id> finds its campaign on any page).
    const search = listSearch(CAMPAIGN_LIST, query.search);
    const byId =
      query.search && /^\d{1,9}$/.test(query.search.trim()) ? eq(campaigns.id, Number(query.search)) : undefined;
    const cond = and(
      byId && search ? or(byId, search) : search,
      query.status ? eq(campaigns.status, query.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.select()
          .where(cond)
          .orderBy(...listOrder(CAMPAIGN_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        listRange(query, 10),
      ),
      this.db.select({ n: count() }).from(campaigns).where(cond),
    ]);
    return { rows: (rows as Joined[]).map(view), total: total?.n ?? 0 };
  }

  async get(id: number): Promise<Campaign> {
    const [row] = await this.select().where(eq(campaigns.id, id));
    if (!row) throw notFound('campaignNotFound', `Campaign ${id} does not exist`);
    return view(row as Joined);
  }

  private async row(id: number) {
    const [row] = await this.db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound('campaignNotFound', `Campaign ${id} does not exist`);
    return row;
  }

  private async check(body: CampaignBody) {
    const [group] = await this.db
      .select({ id: customerGroups.id })
      .from(customerGroups)
      .where(eq(customerGroups.id, body.group_id));
    if (!group) throw badRequest('unknownGroup', `Group ${body.group_id} does not exist`, { field: 'group_id' });
    if (body.offer_id !== null) {
      const [offer] = await this.db.select().from(offers).where(eq(offers.id, body.offer_id));
      if (!offer) throw badRequest('unknownOffer', `Offer ${body.offer_id} does not exist`, { field: 'offer_id' });
      if (offer.trigger !== 'code')
        throw badRequest(
          'offerNotCode',
          `${offer.name} applies by itself: a campaign carries a promotion with a code`,
          { field: 'offer_id' },
        );
      if (offer.status === 'ended') throw badRequest('offerEnded', `${offer.name} has ended`, { field: 'offer_id' });
    }
    if (body.send_at && new Date(body.send_at).getTime() < Date.now() - 60_000)
      throw badRequest('sendAtPast', 'Choose a time from now on', { field: 'send_at' });
  }

  private values(body: CampaignBody) {
    return {
      name: body.name,
      channel: body.channel,
      group_id: body.group_id,
      offer_id: body.offer_id,
      subject: body.subject,
      message: body.message,
      send_at: body.send_at ? new Date(body.send_at) : null,
      control_pct: body.control_pct,
      status: body.send_at ? 'scheduled' : 'draft',
    };
  }

  async create(body: CampaignBody, actor: Actor) {
    await this.check(body);
    const id = await this.db.transaction(async (tx) => {
      const row = await insertAudited(tx, {
        table: campaigns,
        values: { ...this.values(body) },
        actor,
        entity: 'campaign',
      });
      return row!.id;
    });
    return this.get(id);
  }

  async update(id: number, body: CampaignBody, actor: Actor) {
    const before = await this.row(id);
    if (body.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    if (before.status !== 'draft' && before.status !== 'scheduled')
      throw new AppError(409, 'campaignNotEditable', `Campaign ${before.name} is ${before.status}: it cannot change`);
    await this.check(body);
    await this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: campaigns,
        // Still draft or scheduled at the moment of the change: the sender may have claimed it meanwhile.
        where: and(eq(campaigns.id, id), sql`${campaigns.status} in ('draft', 'scheduled')`)!,
        version: body.version!,
        actor,
        entity: 'campaign',
        entityId: String(id),
        what: `Campaign ${before.name}`,
        before,
        set: this.values(body),
      }),
    );
    return this.get(id);
  }

  async cancel(id: number, version: number, actor: Actor) {
    const before = await this.row(id);
    if (before.status !== 'scheduled' && before.status !== 'draft')
      throw new AppError(409, 'campaignNotCancellable', `Campaign ${before.name} is ${before.status}`);
    await this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: campaigns,
        where: and(eq(campaigns.id, id), sql`${campaigns.status} in ('draft', 'scheduled')`)!,
        version,
        actor,
        action: 'cancel',
        entity: 'campaign',
        entityId: String(id),
        what: `Campaign ${before.name}`,
        before,
        set: { status: 'cancelled' },
      }),
    );
    return this.get(id);
  }

  async remove(id: number, version: number, actor: Actor) {
    const before = await this.row(id);
    if (before.status === 'sending' || before.status === 'sent')
      throw new AppError(409, 'campaignSent', `Campaign ${before.name} was sent: its results stay`);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: campaigns,
        where: eq(campaigns.id, id),
        version,
        actor,
        entity: 'campaign',
        entityId: String(id),
        what: `Campaign ${before.name}`,
        before,
      }),
    );
  }

  /**
   * Sends the campaigns that are due (the periodic task): each is claimed by one process (scheduled → sending),
   * its group's members are split into treatment and control, each treated member with a contact for the
   * channel who has not opted out gets the message (with their own code for a unique-code promotion), and the
   * counts are kept. Answers how many campaigns it sent.
   */
  async sendDue(sender: CampaignSender, log?: FastifyBaseLogger, now = new Date()) {
    const claimed = await this.db
      .update(campaigns)
      .set({ status: 'sending', updated_at: new Date() })
      .where(and(eq(campaigns.status, 'scheduled'), sql`${campaigns.send_at} <= ${now.toISOString()}`))
      .returning();
    for (const c of claimed) {
      try {
        await this.send(c, sender);
      } catch (err) {
        log?.error({ err, campaign: c.id }, 'campaign send failed; it will be tried again');
        await this.db.update(campaigns).set({ status: 'scheduled' }).where(eq(campaigns.id, c.id));
      }
    }
    return claimed.length;
  }

  private async send(c: CampaignRow, sender: CampaignSender) {
    const groups = new GroupsService(this.db);
    const group = await groups.get(c.group_id);
    if (group.kind === 'rule') await this.db.transaction((tx) => groups.refresh(tx, group));
    const [offer] = c.offer_id ? await this.db.select().from(offers).where(eq(offers.id, c.offer_id)) : [];
    const members = await this.db
      .select({
        ref: customerGroupMembers.customer_ref,
        name: customers.name,
        email: customers.email,
        phone: customers.phone,
        opt_in: customers.marketing_opt_in,
      })
      .from(customerGroupMembers)
      .leftJoin(customers, eq(customers.customer_ref, customerGroupMembers.customer_ref))
      .where(eq(customerGroupMembers.group_id, c.group_id))
      .orderBy(customerGroupMembers.customer_ref);
    const contactOf = (m: (typeof members)[number]) =>
      m.opt_in === false ? '' : c.channel === 'email' ? (m.email ?? '') : c.channel === 'sms' ? (m.phone ?? '') : m.ref;
    // Push goes to the customer's app by their ref (the ordering apps hold the device tokens).
    let reached = 0;
    let unreachable = 0;
    const BATCH = 2000;
    for (let i = 0; i < members.length; i += BATCH) {
      const chunk = members.slice(i, i + BATCH);
      const treated = chunk.filter((m) => !inControl(c.id, m.ref, c.control_pct));
      const reachable = treated.filter((m) => contactOf(m) !== '');
      let codes = new Map<string, string>();
      if (offer?.trigger === 'code') {
        if (offer.code_mode === 'unique') {
          const made = await this.db.transaction((tx) =>
            insertUniqueCodes(
              tx,
              offer.id,
              reachable.length,
              'C',
              reachable.map((m) => m.ref),
            ),
          );
          codes = new Map(made.map((m) => [m.customer_ref, m.code]));
        } else codes = new Map(reachable.map((m) => [m.ref, offer.shared_code]));
      }
      await sender.send(
        reachable.map((m) => {
          const code = codes.get(m.ref);
          const greeting = m.name ? `${m.name}, ` : '';
          return {
            channel: c.channel as CampaignMessage['channel'],
            to: contactOf(m),
            subject: c.subject,
            text: `${greeting}${c.message}${code ? ` Use code ${code}.` : ''}`,
          };
        }),
      );
      await this.db
        .insert(campaignRecipients)
        .values(
          chunk.map((m) => {
            const control = inControl(c.id, m.ref, c.control_pct);
            return {
              campaign_id: c.id,
              customer_ref: m.ref,
              arm: control ? 'control' : 'treatment',
              status: control ? 'control' : contactOf(m) ? 'sent' : 'unreachable',
              code: codes.get(m.ref) ?? '',
            };
          }),
        )
        .onConflictDoNothing();
      reached += reachable.length;
      unreachable += treated.length - reachable.length;
      await this.db.update(campaigns).set({ reached, unreachable }).where(eq(campaigns.id, c.id));
    }
    await this.db
      .update(campaigns)
      .set({ status: 'sent', sent_at: new Date(), reached, unreachable, version: sql`${campaigns.version} + 1` })
      .where(eq(campaigns.id, c.id));
  }

  /** Reached, redeemed and revenue of the treated members against the control group, since the send. */
  async results(id: number): Promise<CampaignResults> {
    const c = await this.row(id);
    const since = c.sent_at ?? new Date(8.64e15);
    const arms = (await this.db.execute(sql`
      with r as (select customer_ref, arm, status from ${campaignRecipients} where campaign_id = ${id}),
      buys as (
        select r.arm, o.customer_ref, sum(o.total - o.refunded) as revenue
        from r join orders o on o.customer_ref = r.customer_ref
        where o.placed_at >= ${since.toISOString()} and o.status <> 'cancelled'
        group by r.arm, o.customer_ref),
      used as (
        select distinct r.arm, x.customer_ref
        from r join offer_redemptions x on x.customer_ref = r.customer_ref
        where x.offer_id = ${c.offer_id ?? -1} and x.at >= ${since.toISOString()})
      select a.arm,
        (select count(*)::int from r where r.arm = a.arm) as members,
        (select count(*)::int from r where r.arm = a.arm and r.status = 'sent') as reached,
        (select count(*)::int from used where used.arm = a.arm) as redeemed,
        (select count(*)::int from buys where buys.arm = a.arm) as buyers,
        (select coalesce(sum(revenue), 0)::text from buys where buys.arm = a.arm) as revenue
      from (values ('treatment'), ('control')) as a(arm)`)) as unknown as {
      rows: { arm: string; members: number; reached: number; redeemed: number; buyers: number; revenue: string }[];
    };
    const arm = (name: string) => {
      const a = arms.rows.find((r) => r.arm === name)!;
      const members = Number(a.members);
      const revenue = Number(a.revenue);
      return {
        members,
        reached: Number(a.reached),
        redeemed: Number(a.redeemed),
        buyers: Number(a.buyers),
        revenue,
        revenue_per_member: members ? Math.round((revenue / members) * 1000) / 1000 : 0,
      };
    };
    const treatment = arm('treatment');
    const control = arm('control');
    return {
      result: 'success',
      campaign_id: id,
      status: c.status as CampaignStatus,
      sent_at: c.sent_at?.toISOString() ?? null,
      unreachable: c.unreachable,
      treatment,
      control,
      uplift_per_member: Math.round((treatment.revenue_per_member - control.revenue_per_member) * 1000) / 1000,
    };
  }
}
