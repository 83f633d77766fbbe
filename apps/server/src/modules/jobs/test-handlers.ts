import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobAnswer } from '@cd/core';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { appState, backgroundJobs } from '../../db/schema/index.js';
import type { JobEnd, JobHandler, JobOutcome, JobRegistry } from './job-types.js';

/**
 * Test-only handlers and their enqueue route, registered with JOBS_TEST_HANDLERS=1 (never in production).
 * `test-slow` reports progress for `steps` steps of `stepMs`, writes the files it is asked for, and makes its
 * one change — app_state key `test-job:<id>` — in a single transaction at its end that also records its outcome,
 * like a real upload. The
 * crash test kills the server mid-job and checks that key is absent and the job ended as error.
 */
export const TEST_QUEUE = 'test-slow';
export const testMarkerKey = (jobId: string) => `test-job:${jobId}`;
/** Where the queue's onError hook records how the job system ended a test job ("<reason>: <message>"). */
export const testEndedKey = (jobId: string) => `test-job-ended:${jobId}`;

const testData = z.object({
  steps: z.number().int().min(0).max(100_000).default(3),
  stepMs: z.number().int().min(0).max(60_000).default(10),
  fail: z.string().max(200).optional(),
  files: z.array(z.string().min(1).max(100)).max(10).default([]),
  errorFile: z.string().min(1).max(100).optional(),
  /** Report the progress inside the transaction that makes the change (must not deadlock). */
  inTx: z.boolean().default(false),
  /** Throw inside the change's transaction after recording the outcome there (the whole of it rolls back). */
  failAfterComplete: z.string().max(200).optional(),
  /** The onError hook writes its record, then throws (its savepoint rolls back; the job must still end). */
  hookFails: z.boolean().default(false),
});

export const testSlowHandler: JobHandler = async ({ job, data, db, dir, progress, complete }) => {
  const input = testData.parse(data);
  const steps = async () => {
    for (let i = 1; i <= input.steps; i++) {
      await new Promise((r) => setTimeout(r, input.stepMs));
      await progress(i, input.steps);
    }
  };
  if (!input.inTx) await steps();
  if (input.fail) throw new Error(input.fail);
  for (const name of [...input.files, ...(input.errorFile ? [input.errorFile] : [])]) {
    fs.writeFileSync(path.join(dir, name), `file ${name} of ${job.id}\n`);
  }
  const outcome: JobOutcome = input.errorFile
    ? { status: 'error', errorFile: input.errorFile, message: 'Some rows failed' }
    : { status: 'done', files: input.files, message: `Did ${input.steps} steps` };
  await db.transaction(async (tx) => {
    if (input.inTx) await steps();
    await tx.insert(appState).values({ key: testMarkerKey(job.id), value: 'written' });
    await complete(tx, outcome);
    if (input.failAfterComplete) throw new Error(input.failAfterComplete);
  });
  return outcome;
};

/** The test queue's onError hook: records the end under testEndedKey, like a module ending its own run log. */
export async function testOnError(tx: DbOrTx, end: JobEnd): Promise<void> {
  await tx.insert(appState).values({ key: testEndedKey(end.id), value: `${end.reason}: ${end.message}` });
  const [job] = await tx
    .select({ data: backgroundJobs.data })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.id, end.id));
  if (testData.parse(job?.data ?? {}).hookFails) throw new Error('the test hook failed');
}

export function registerTestHandlers(jobs: JobRegistry): void {
  jobs.register(TEST_QUEUE, testSlowHandler, { onError: testOnError });
}

const enqueueBody = testData.extend({
  type: z.enum(['upload', 'download', 'erase']).default('upload'),
  title: z.string().max(200).default('Test job'),
  restId: z.string().max(200).optional(),
  filename: z.string().max(200).optional(),
});

/** POST /test/jobs: enqueues a test-slow job for the signed-in user. */
export async function testJobRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/test/jobs',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['jobs'],
        operationId: 'enqueueTestJob',
        summary: 'Test only: enqueues a test job',
        body: enqueueBody,
        response: { 200: jobAnswer },
      },
    },
    async (req) => {
      const { type, title, restId, filename, ...data } = req.body;
      const job = await db.transaction((tx) =>
        fastify.jobs.enqueue(tx, { queue: TEST_QUEUE, userid: req.user!.userid, type, title, restId, filename, data }),
      );
      return { result: 'success' as const, job };
    },
  );
}
