import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAccessPage, exportStartedAnswer, XLSX_CONTENT_TYPE, type PagePermissionKey } from '@cd/core';
import type { Db } from '../../db/client.js';
import type { ErrorStatus } from '../../plugins/openapi.js';
import { needsPage, pagesOf } from '../../plugins/permissions.js';
import { findUserByUserid } from '../auth/users.repo.js';
import type { JobContext, JobOutcome } from '../jobs/job-types.js';
import type { JobService } from '../jobs/job.service.js';
import { EXPORT_PAGE_ROWS, exportFileName, writeExportWorkbook, type ExportSource } from './export-workbook.js';

export const EXPORT_QUEUE = 'list-export';

/** A resource's export: its list's path, permission and export query, and the columns and page fetcher. */
export type ListExport<Q, R> = ExportSource<Q, R> & {
  /** Registry key and the start of the file name (`restaurants-20260101-0930.xlsx`). */
  resource: string;
  /** The list's path; the export is `GET <path>/export`. */
  path: string;
  /** The list's pages (any one of them). */
  pages: PagePermissionKey | readonly PagePermissionKey[];
  /** The list's query without paging. */
  query: z.ZodType<Q>;
  /** The export route's operationId and tag in the API description. */
  operationId: string;
  tag: string;
  /** Error answers the fetcher can give (404 for a restaurant that does not exist, …). */
  errors?: readonly ErrorStatus[];
};

type AnyExport = ListExport<unknown, unknown>;

/**
 * The exports of the resource lists, keyed by resource (issue 11). A list module declares its export with
 * `add` — columns and the page fetcher its list uses — and gets `GET <list path>/export` and the background job
 * for large exports, both generic: no resource writes its own handler or job.
 */
export class ListExports {
  private readonly sources = new Map<string, AnyExport>();

  constructor(
    private readonly jobs: JobService,
    private readonly db: Db,
    private readonly inlineMax: number,
  ) {
    jobs.register(EXPORT_QUEUE, (ctx) => this.run(ctx));
  }

  add<Q, R>(fastify: FastifyInstance, source: ListExport<Q, R>): void {
    if (this.sources.has(source.resource)) throw new Error(`Export ${source.resource} declared twice`);
    this.sources.set(source.resource, source as unknown as AnyExport);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      `${source.path}/export`,
      {
        config: { ...needsPage(source.pages), errors: source.errors },
        schema: {
          tags: [source.tag],
          operationId: source.operationId,
          summary: `Export ${source.label.toLowerCase()} as a workbook (.xlsx)`,
          description:
            `Every row the list shows for the same search, filters and sort (all pages). Up to ${this.inlineMax} ` +
            'rows the answer is the file; above, a background task (type download) writes it and the answer is 202.',
          querystring: source.query,
          response: {
            200: {
              description: 'The workbook: one sheet, a bold header row, then the rows',
              content: { [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
            },
            202: exportStartedAnswer.describe('Too many rows to answer at once: the task that writes the file'),
          },
        },
      },
      async (req, reply) => {
        const user = req.user!;
        const query = req.query as Q;
        const first = await source.fetch(this.db, user, query, { limit: EXPORT_PAGE_ROWS, offset: 0 });
        const file = exportFileName(source.resource, new Date());
        if (first.total > this.inlineMax) {
          const job = await this.db.transaction((tx) =>
            this.jobs.enqueue(tx, {
              queue: EXPORT_QUEUE,
              userid: user.userid,
              type: 'download',
              title: `${source.label} export`,
              mainTitle: 'Export',
              filename: file,
              data: { resource: source.resource, query: query as Record<string, unknown>, file },
            }),
          );
          return reply.code(202).send({
            result: 'success' as const,
            message: 'Export started. The file will be in your background tasks when it is ready.',
            job,
          });
        }
        const body = new PassThrough();
        const read = (range: { limit?: number; offset: number }) => source.fetch(this.db, user, query, range);
        writeExportWorkbook(body, source, read, () => undefined, first).catch((err: Error) => body.destroy(err));
        return reply
          .type(XLSX_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'private, no-store')
          .send(body as never);
      },
    );
  }

  /** The export job: the same workbook, with the requesting user's sites as they are when it runs. */
  private async run(ctx: JobContext): Promise<JobOutcome> {
    const data = ctx.data as { resource: string; query: unknown; file: string };
    const fail = (reason: string): JobOutcome => ({ status: 'error', message: `${ctx.job.title}: ${reason}` });
    const source = this.sources.get(data.resource);
    if (!source) return fail(`no export named ${data.resource}`);
    const user = await findUserByUserid(ctx.db, ctx.job.userid);
    if (!user || user.status !== 'active') return fail('the user who asked for it is no longer active');
    if (!pagesOf({ page: source.pages }).some((page) => canAccessPage(user, page))) {
      return fail('the user who asked for it no longer has this page');
    }
    const query = source.query.parse(data.query);
    const written = await writeExportWorkbook(
      path.join(ctx.dir, path.basename(data.file)),
      source,
      (range) => source.fetch(ctx.db, user, query, range),
      (done, total) => ctx.progress(done, Math.max(total, done, 1)),
    );
    const outcome: JobOutcome = {
      status: 'done',
      files: [path.basename(data.file)],
      message: `Exported ${written === 1 ? '1 row' : `${written} rows`}`,
    };
    await ctx.db.transaction((tx) => ctx.complete(tx, outcome));
    return outcome;
  }
}
