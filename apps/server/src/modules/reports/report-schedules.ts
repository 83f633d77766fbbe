import fs from 'node:fs';
import { siteDirectoryOf } from '../../db/site-directory.js';
import { runWithScope } from '../../db/tenant-scope.js';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import {
  messageAnswer,
  nextReportRun,
  reportRunBody,
  reportSubscriptionAnswer,
  reportSubscriptionBody,
  reportSubscriptionsAnswer,
  resolveSchedulePeriod,
  type ReportExportFormat,
  type ReportSchedulePeriod,
  type ReportSubscription,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { reportSubscriptions, type ReportSubscriptionRow } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { needsPage } from '../../plugins/permissions.js';
import { findUserByUserid } from '../auth/users.repo.js';
import { buildReportFile, reportFileName } from './report-export.js';
import { REPORT_PAGES } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

/** A user may keep this many scheduled reports. */
export const MAX_SUBSCRIPTIONS = 20;

const toSubscription = (r: ReportSubscriptionRow): ReportSubscription => ({
  id: r.id,
  report: r.report,
  label: r.label,
  period: r.period as ReportSubscription['period'],
  frequency: r.frequency as ReportSubscription['frequency'],
  weekday: r.weekday,
  hour: r.hour,
  format: r.format as ReportSubscription['format'],
  email: r.email,
  filters: r.filters as ReportSubscription['filters'],
  next_run_at: r.next_run_at.toISOString(),
  last_run_at: r.last_run_at?.toISOString() ?? null,
  last_error: r.last_error,
});

/** GET/POST /reports/subscriptions, DELETE /reports/subscriptions/:id: the caller's scheduled reports. */
export async function reportScheduleRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const service = new ReportsService(db);

  app.get(
    '/reports/subscriptions',
    {
      config: needsPage(REPORT_PAGES),
      schema: {
        tags,
        operationId: 'listReportSubscriptions',
        summary: "The caller's scheduled reports",
        response: { 200: reportSubscriptionsAnswer },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.userid, req.user!.userid))
        .orderBy(asc(reportSubscriptions.id));
      return { result: 'success' as const, subscriptions: rows.map(toSubscription) };
    },
  );

  app.post(
    '/reports/subscriptions',
    {
      config: { ...needsPage(REPORT_PAGES, { read: true }), errors: [403] },
      schema: {
        tags,
        operationId: 'createReportSubscription',
        summary: 'Send me a report by e-mail, daily or weekly',
        description:
          'The report runs when it is sent, over the relative period (yesterday, the last 7 days, last week, the ' +
          'month so far, last month), as the user sees it then. Without SMTP the file goes to the dev outbox.',
        body: reportSubscriptionBody,
        response: { 200: reportSubscriptionAnswer },
      },
    },
    async (req) => {
      const user = req.user!;
      const body = req.body;
      const period = resolveSchedulePeriod(body.period, new Date().toISOString().slice(0, 10));
      // Kept by its id (`<client>:<key>`): it stays the report of that client whatever other clients list later.
      const report = await service.resolve(user, body.report, { ...period, ...body });
      await service.scopeOf(user, report, { ...period, ...body });
      const email = body.email ?? user.email;
      if (!email)
        throw badRequest('emailRequired', 'email: give an e-mail address to send the report to', { field: 'email' });
      const [{ count }] = (await db
        .select({ count: sql<number>`count(*)::int` })
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.userid, user.userid))) as [{ count: number }];
      if (count >= MAX_SUBSCRIPTIONS) {
        throw badRequest('tooManySubscriptions', `You can schedule at most ${MAX_SUBSCRIPTIONS} reports`);
      }
      const [row] = await db
        .insert(reportSubscriptions)
        .values({
          userid: user.userid,
          report: report.key,
          label: report.label,
          period: body.period,
          frequency: body.frequency,
          weekday: body.weekday,
          hour: body.hour,
          format: body.format,
          email,
          filters: {
            restaurants: body.restaurants,
            ...(body.session ? { session: body.session } : {}),
            ...(body.channel ? { channel: body.channel } : {}),
            ...(body.order_type ? { order_type: body.order_type } : {}),
          },
          next_run_at: nextReportRun(body, new Date()),
        })
        .returning();
      return { result: 'success' as const, message: 'Report scheduled', subscription: toSubscription(row!) };
    },
  );

  app.delete(
    '/reports/subscriptions/:id',
    {
      config: { ...needsPage(REPORT_PAGES, { read: true }), errors: [404] },
      schema: {
        tags,
        operationId: 'deleteReportSubscription',
        summary: 'Stop a scheduled report',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const gone = await db
        .delete(reportSubscriptions)
        .where(and(eq(reportSubscriptions.id, req.params.id), eq(reportSubscriptions.userid, req.user!.userid)))
        .returning({ id: reportSubscriptions.id });
      if (gone.length === 0) throw notFound('subscriptionNotFound', 'This scheduled report does not exist');
      return { result: 'success' as const, message: 'Scheduled report stopped' };
    },
  );
}

export type ReportMail = { to: string; subject: string; text: string; file: string };

/** Sends report mails: SMTP when configured; otherwise, outside production, the dev outbox (file kept under DATA_DIR). */
export function createReportMailer(config: Config, log: FastifyBaseLogger) {
  let transport: Promise<Transporter> | undefined;
  return async (mail: ReportMail): Promise<void> => {
    if (config.SMTP_URL) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(config.SMTP_URL) as Transporter);
      await (
        await transport
      ).sendMail({
        from: config.SMTP_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: [{ filename: path.basename(mail.file), path: mail.file }],
      });
      return;
    }
    if (!config.devOutbox) throw new Error('no SMTP_URL is configured');
    const dir = path.join(config.dataDir, 'outbox');
    await fs.promises.mkdir(dir, { recursive: true });
    const kept = path.join(dir, `${Date.now()}-${path.basename(mail.file)}`);
    await fs.promises.copyFile(mail.file, kept);
    const line = `${new Date().toISOString()} EMAIL to=${mail.to} subject=${JSON.stringify(mail.subject)} attachment=${kept}\n`;
    await fs.promises.appendFile(path.join(config.dataDir, 'outbox.log'), line);
    log.info({ outbox: true, to: mail.to, attachment: kept }, `dev outbox: report mail for ${mail.to}`);
  };
}

/**
 * Sends the scheduled reports that are due (issue 14 point 7), in the processes that run jobs. Each due report is
 * claimed by moving its next time on first (SKIP LOCKED, so two processes never send the same one), then
 * built as its user sees it now and mailed; a failure is kept on the subscription for the user to see, and the
 * next sending is tried as usual. A crash between the claim and the mail skips that one sending (at most once).
 */
export class ReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly send: (mail: ReportMail) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(everyMs: number): void {
    this.timer = setInterval(() => {
      this.running ??= this.runDue(new Date())
        .then(() => undefined)
        .catch((err: unknown) => this.log.warn({ err }, 'scheduled reports failed'))
        .finally(() => (this.running = null));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends every report due at `now`; returns how many were sent. */
  async runDue(now: Date, limit = 20): Promise<number> {
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(reportSubscriptions)
        .where(lte(reportSubscriptions.next_run_at, now))
        .orderBy(asc(reportSubscriptions.next_run_at))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const s of due) {
        await tx
          .update(reportSubscriptions)
          .set({
            next_run_at: nextReportRun({ frequency: s.frequency as 'daily', weekday: s.weekday, hour: s.hour }, now),
          })
          .where(eq(reportSubscriptions.id, s.id));
      }
      return due;
    });
    let sent = 0;
    for (const s of claimed) {
      const error = await this.sendOne(s, now).catch((err: Error) => err.message || 'failed');
      if (!error) sent++;
      await this.db
        .update(reportSubscriptions)
        .set({ last_run_at: now, last_error: error, updated_at: new Date() })
        .where(eq(reportSubscriptions.id, s.id));
    }
    return sent;
  }

  /** Builds and mails one report; answers the error to keep, or null. */
  private async sendOne(s: ReportSubscriptionRow, now: Date): Promise<string | null> {
    const user = await findUserByUserid(this.db, s.userid);
    if (!user || user.status !== 'active') return 'The user is no longer active';
    const period = resolveSchedulePeriod(s.period as ReportSchedulePeriod, now.toISOString().slice(0, 10));
    const parsed = reportRunBody.safeParse({ report: s.report, ...period, ...s.filters });
    if (!parsed.success) return 'The saved filters are no longer valid';
    const format = s.format as ReportExportFormat;
    const dir = await fs.promises.mkdtemp(path.join(this.config.dataDir, 'report-mail-'));
    try {
      // Built under the user's own scope, as their request would be (db/tenant-scope.ts).
      const scope = await siteDirectoryOf(this.db).scopeForUser(user);
      // A schedule saved before reports were keyed by client (issue 33) holds a bare key: it is resolved by the
      // same rule as a request, then kept by the id it resolved to.
      const report = await runWithScope(scope, () =>
        new ReportsService(this.db).resolve(user, parsed.data.report, parsed.data),
      );
      if (report.key !== s.report) {
        await this.db
          .update(reportSubscriptions)
          .set({ report: report.key, label: report.label })
          .where(eq(reportSubscriptions.id, s.id));
      }
      const body = { ...parsed.data, report: report.key };
      const file = path.join(dir, reportFileName(report.key, period, format, now));
      const rows = await runWithScope(scope, () => buildReportFile(this.db, user, body, format, file));
      await this.send({
        to: s.email,
        subject: `${s.label}: ${period.from === period.to ? period.from : `${period.from} to ${period.to}`}`,
        text:
          `Your scheduled report "${s.label}" (${rows === 1 ? '1 row' : `${rows} rows`}) is attached.\n\n` +
          'Stop it on the Reports page of Control Desk, under My scheduled reports.',
        file,
      });
      return null;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }
}
