import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  fromMilli,
  matchRule,
  reverseLines,
  sides,
  splitDocuments,
  toMilli,
  type SapPostingLine,
  type SapPreviewLine,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { sapPostings, sapRules, type SapPostingRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { JobContext, JobOutcome } from '../jobs/job-types.js';
import { DayEndService } from './dayend.service.js';
import { deliverBySftp, type SftpTarget } from './sap-delivery.js';
import { postingCsv, postingFileName, postingXml, type PostingHeader } from './sap-files.js';
import { dayPosting, toSapRule } from './sap-posting.js';

export const SAP_UPLOAD_QUEUE = 'sap-upload';
export type SapUploadData = { restaurant: string; business_date: string } | { retry: number[] };

const refuse = (code: string, message: string, extras: Record<string, unknown> = {}) =>
  new AppError(409, code, message, extras);

/** What makes two postings the same: every line's kind, text, side, amount and accounts, in order. */
const fingerprint = (lines: readonly SapPreviewLine[]) =>
  JSON.stringify(
    lines.map((l) => [
      l.kind,
      l.text,
      l.side,
      toMilli(l.amount),
      l.gl_account,
      l.cost_center,
      l.profit_center,
      l.tax_code,
    ]),
  );

/** Checks made before a task is started, so the user gets a clear answer at once (the task checks again). */
export async function checkUploadable(db: Db, restaurant: string, date: string): Promise<void> {
  if (!(await DayEndService.isClosed(db, restaurant, date))) {
    throw refuse('dayNotClosed', `Close the business day ${date} before posting it to SAP`, { field: 'business_date' });
  }
  const posting = await dayPosting(db, restaurant, date);
  if (posting.lines.length === 0) throw refuse('nothingToPost', `There are no sales on ${date} to post`);
  if (posting.unmatched > 0) {
    const lines = posting.lines.filter((l) => l.rule_id === null).map((l) => l.text);
    throw new AppError(
      400,
      'unmatchedLines',
      `${lines.length} line(s) match no posting rule: ${lines.slice(0, 5).join('; ')}${lines.length > 5 ? '; …' : ''}. Add rules on SAP inflow first.`,
      { lines },
    );
  }
}

/**
 * Builds the posting of a closed day (issue 15 point 3) and records it in the SAP log: documents of at most 999
 * balanced lines, as CSV and IDoc XML. When the day was posted before and its lines changed since (it was reopened
 * and changed), the earlier posting is reversed by a mirror posting and a new one is made; never edited. The
 * same lines again are refused (nothing to post).
 */
export async function buildPostings(
  db: Db,
  restaurant: string,
  date: string,
  userid: string,
): Promise<SapPostingRow[]> {
  await checkUploadable(db, restaurant, date);
  const posting = await dayPosting(db, restaurant, date);
  const balance = sides(posting.lines);
  if (toMilli(balance.debit) !== toMilli(balance.credit)) {
    throw refuse('unbalanced', `The posting does not balance (debit ${balance.debit}, credit ${balance.credit})`);
  }
  const rules = (await db.select().from(sapRules)).map(toSapRule);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(sapPostings)
      .where(
        and(
          eq(sapPostings.restaurant, restaurant),
          eq(sapPostings.business_date, date),
          eq(sapPostings.kind, 'posting'),
          isNull(sapPostings.reversed_by),
        ),
      )
      .orderBy(desc(sapPostings.id))
      .limit(1)
      .for('update');
    if (last && fingerprint(last.content as unknown as SapPreviewLine[]) === fingerprint(posting.lines)) {
      throw refuse(
        'alreadyPosted',
        last.status === 'failed'
          ? `The day is built but its delivery failed: retry posting ${last.id} in the SAP log`
          : `The day was posted (posting ${last.id}) and has not changed since`,
      );
    }
    const made: SapPostingRow[] = [];
    const record = async (kind: 'posting' | 'reversal', lines: SapPostingLine[], reverses: number | null) => {
      const clearingSource = { ...lines[0]!, kind: 'clearing' as const, text: 'Clearing', amount: 0 };
      const clearingRule = matchRule(rules, clearingSource);
      const docs = splitDocuments(lines, {
        ...clearingSource,
        rule_id: clearingRule?.id ?? 0,
        gl_account: clearingRule?.gl_account ?? '',
        cost_center: clearingRule?.cost_center ?? '',
        profit_center: clearingRule?.profit_center ?? '',
        tax_code: clearingRule?.tax_code ?? '',
      });
      if (docs.length > 1 && !clearingRule) {
        throw refuse(
          'clearingRuleMissing',
          `The posting needs ${docs.length} documents: add a clearing rule to carry them`,
        );
      }
      const totals = sides(lines);
      const [row] = await tx
        .insert(sapPostings)
        .values({
          restaurant,
          business_date: date,
          kind,
          reverses,
          status: 'built',
          documents: docs.length,
          line_count: docs.reduce((n, d) => n + d.lines.length, 0),
          debit: fromMilli(toMilli(totals.debit)).toFixed(3),
          credit: fromMilli(toMilli(totals.credit)).toFixed(3),
          currency: posting.currency,
          content: lines as unknown as Record<string, unknown>[],
          created_by: userid,
        })
        .returning();
      const header: PostingHeader = {
        id: row!.id,
        kind,
        restaurant,
        business_date: date,
        currency: posting.currency,
        created_at: row!.created_at,
      };
      const files = [
        { name: postingFileName(header, 'csv'), content: postingCsv(header, docs) },
        { name: postingFileName(header, 'xml'), content: postingXml(header, docs) },
      ];
      const [withFiles] = await tx.update(sapPostings).set({ files }).where(eq(sapPostings.id, row!.id)).returning();
      made.push(withFiles!);
      return withFiles!;
    };
    if (last) {
      const reversal = await record('reversal', reverseLines(last.content as unknown as SapPostingLine[]), last.id);
      await tx.update(sapPostings).set({ reversed_by: reversal.id }).where(eq(sapPostings.id, last.id));
    }
    await record(
      'posting',
      posting.lines.map((l) => ({ ...l, client: '', foodcourt: '', restaurant, rule_id: l.rule_id ?? 0 })),
      null,
    );
    return made;
  });
}

/** Delivers postings by SFTP when a server is configured (status sent or failed); otherwise they wait for download. */
export async function deliverPostings(db: Db, rows: SapPostingRow[], target: SftpTarget | undefined) {
  const results: { id: number; ok: boolean; error?: string }[] = [];
  for (const row of rows) {
    if (!target) {
      results.push({ id: row.id, ok: true });
      continue;
    }
    try {
      await deliverBySftp(target, row.files);
      await db
        .update(sapPostings)
        .set({ status: 'sent', attempts: row.attempts + 1, sent_at: new Date(), error: null })
        .where(eq(sapPostings.id, row.id));
      results.push({ id: row.id, ok: true });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await db
        .update(sapPostings)
        .set({ status: 'failed', attempts: row.attempts + 1, error })
        .where(eq(sapPostings.id, row.id));
      results.push({ id: row.id, ok: false, error });
    }
  }
  return results;
}

/** The SAP upload task: build (or, for a retry, take) the postings and deliver them. */
export function sapUploadHandler(target: () => SftpTarget | undefined) {
  return async (ctx: JobContext): Promise<JobOutcome> => {
    const data = ctx.data as SapUploadData;
    const fail = (reason: string): JobOutcome => ({ status: 'error', message: `${ctx.job.title}: ${reason}` });
    let rows: SapPostingRow[];
    await ctx.progress(0, 2);
    try {
      if ('retry' in data) {
        rows = await ctx.db.select().from(sapPostings).where(inArray(sapPostings.id, data.retry));
        if (!target()) return fail('no SFTP server is configured (SAP_SFTP_URL); download the files from the SAP log');
      } else {
        rows = await buildPostings(ctx.db, data.restaurant, data.business_date, ctx.job.userid);
      }
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) return fail(err.message);
      throw err;
    }
    await ctx.progress(1, 2);
    const results = await deliverPostings(ctx.db, rows, target());
    const failed = results.filter((r) => !r.ok);
    const outcome: JobOutcome = failed.length
      ? { status: 'error', message: `${ctx.job.title}: ${failed[0]!.error}` }
      : {
          status: 'done',
          message: target()
            ? `Sent ${rows.map((r) => `${r.kind} ${r.id}`).join(' and ')} to SAP`
            : `Built ${rows.map((r) => `${r.kind} ${r.id}`).join(' and ')}: download the files from the SAP log`,
        };
    await ctx.progress(2, 2);
    await ctx.db.transaction((tx) => ctx.complete(tx, outcome));
    return outcome;
  };
}
