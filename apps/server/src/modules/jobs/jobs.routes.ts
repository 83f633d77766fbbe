import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { deleteJobQuery, jobFileQuery, jobsAnswer, messageAnswer } from '@cd/core';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { backgroundJobs } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { getJob, listJobs, toBackgroundJob, writeEvent } from './job-store.js';
import type { JobService } from './job.service.js';

const tags = ['jobs'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONTENT_TYPES: Record<string, string> = {
  '.xlsx': XLSX,
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain',
};

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file path inside `dir`, or null when the name would leave it. */
export function insideDir(dir: string, name: string): string | null {
  if (!name) return null;
  const full = path.resolve(dir, name);
  const rel = path.relative(dir, full);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? full : null;
}

/** The signed-in user's background jobs: list, result files, dismissal (each user sees only their own). */
export async function jobsRoutes(fastify: FastifyInstance, { db, jobs }: { db: Db; jobs: JobService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const own = async (userid: string, id: string) => {
    const row = await getJob(db, id);
    if (!row || row.userid !== userid) throw notFound('jobNotFound', 'No such task');
    return row;
  };

  app.get(
    '/backgroundjobs',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        operationId: 'listBackgroundJobs',
        summary: "The signed-in user's background tasks, newest first",
        response: { 200: jobsAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, data: (await listJobs(db, req.user!.userid)).map(toBackgroundJob) }),
  );

  app.get(
    '/backgroundjob/file',
    {
      config: { permission: 'authenticated', errors: [404] },
      schema: {
        tags,
        operationId: 'getBackgroundJobFile',
        summary: "Streams a task's result file (index into filepath) or its error file",
        querystring: jobFileQuery,
        response: {
          200: {
            description: 'The file (.xlsx, .csv or .txt) as an attachment',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (req, reply) => {
      const row = await own(req.user!.userid, req.query.job_id);
      const names = req.query.kind === 'error' ? [row.error_file] : [row.filepath].flat();
      const name = names[req.query.index] ?? '';
      const full = insideDir(jobs.jobDir(row.id), name);
      if (!full || !fs.existsSync(full)) throw notFound('jobFileNotFound', 'The file of this task is not available');
      const stat = fs.statSync(full);
      return reply
        .header('Content-Type', CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream')
        .header('Content-Disposition', attachmentHeader(path.basename(full)))
        .header('Content-Length', stat.size)
        .header('Cache-Control', 'private, no-store')
        .send(fs.createReadStream(full) as never);
    },
  );

  app.delete(
    '/delete/backgroundjob',
    {
      config: { permission: 'authenticated', errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteBackgroundJob',
        summary: 'Dismisses a finished task and deletes its files',
        querystring: deleteJobQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const userid = req.user!.userid;
      const { job_id, job_type, rest_id } = req.query;
      const row = await own(userid, job_id);
      if (row.type !== job_type || (rest_id !== undefined && rest_id !== '' && rest_id !== row.rest_id)) {
        throw notFound('jobNotFound', 'No such task');
      }
      if (row.status === 'in_progress') throw new AppError(409, 'jobRunning', 'This task is still running');
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(backgroundJobs).where(eq(backgroundJobs.id, row.id)).returning();
        if (!gone) throw notFound('jobNotFound', 'No such task');
        await writeEvent(tx, { userid, jobId: row.id, kind: 'job_deleted', payload: { id: row.id } });
        await audit(tx, {
          actor: userid,
          action: 'delete',
          entity: 'background_job',
          entityId: row.id,
          before: toBackgroundJob(gone),
          ip: req.ip,
        });
      });
      await fs.promises.rm(jobs.jobDir(row.id), { recursive: true, force: true });
      return { result: 'success' as const, message: 'Task removed' };
    },
  );
}
