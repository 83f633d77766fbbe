import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { pdfDocumentFiles, pdfDocuments, users } from '../../db/schema/index.js';
import type { CampaignMessage, CampaignSender } from '../marketing/campaigns.service.js';
import { businessToday } from './documents.service.js';

/**
 * One round of expiry reminders. A document with a file whose reminder window has begun (expires_on minus
 * remind_days is today or before, expired ones included) and that has not been reminded for this expiry date
 * (reminded_at empty: a new expires_on clears it) is claimed by setting reminded_at, so two job processes never
 * both send it; then one e-mail goes to each active user with an e-mail who last updated it or uploaded its
 * current file. If sending fails the claim is undone, and the next round tries again. Returns the documents
 * reminded.
 */
export async function remindDocuments(
  db: Db,
  sender: CampaignSender,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  today = businessToday(),
): Promise<number[]> {
  const due = await db
    .select({ d: pdfDocuments, uploaded_by: pdfDocumentFiles.uploaded_by })
    .from(pdfDocuments)
    .leftJoin(
      pdfDocumentFiles,
      and(eq(pdfDocumentFiles.document_id, pdfDocuments.id), eq(pdfDocumentFiles.revision, pdfDocuments.revision)),
    )
    .where(
      and(
        isNotNull(pdfDocuments.expires_on),
        isNull(pdfDocuments.reminded_at),
        sql`${pdfDocuments.revision} > 0`,
        sql`${pdfDocuments.expires_on} - ${pdfDocuments.remind_days} <= ${today}::date`,
      ),
    )
    .orderBy(pdfDocuments.id)
    .limit(500);
  const reminded: number[] = [];
  for (const { d, uploaded_by } of due) {
    // Claim it for this expiry date; another process (or a change of the date meanwhile) makes this a no-op.
    const [claimed] = await db
      .update(pdfDocuments)
      .set({ reminded_at: new Date() })
      .where(
        and(eq(pdfDocuments.id, d.id), isNull(pdfDocuments.reminded_at), eq(pdfDocuments.expires_on, d.expires_on!)),
      )
      .returning({ id: pdfDocuments.id });
    if (!claimed) continue;
    const who = [...new Set([d.updated_by, uploaded_by].filter((u): u is string => !!u))];
    const recipients = who.length
      ? await db
          .select({ email: users.email })
          .from(users)
          .where(and(inArray(users.userid, who), eq(users.status, 'active'), isNotNull(users.email)))
      : [];
    const expired = d.expires_on! < today;
    const subject = expired ? `Document expired: ${d.title}` : `Document expiring on ${d.expires_on}: ${d.title}`;
    const text =
      `${d.title} (${d.category}, ${d.restaurant ?? d.foodcourt}) ${expired ? 'expired' : 'expires'} on ` +
      `${d.expires_on}. Upload the renewed document on the PDF documents page.`;
    const batch: CampaignMessage[] = [...new Set(recipients.map((r) => r.email!).filter(Boolean))].map((to) => ({
      channel: 'email',
      to,
      subject,
      text,
    }));
    try {
      if (batch.length) await sender.send(batch);
      reminded.push(d.id);
    } catch (err) {
      log.warn({ err, document: d.id }, 'document reminder could not be sent; it will be tried again');
      await db.update(pdfDocuments).set({ reminded_at: null }).where(eq(pdfDocuments.id, d.id));
    }
  }
  if (reminded.length) log.info({ documents: reminded }, `${reminded.length} document expiry reminders sent`);
  return reminded;
}
