import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { BackgroundJob, FoodItemSummary } from '@cd/core';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { sessionCookie } from './harness.js';
import type { jobsTestContext } from './jobs-fixtures.js';

export const SPICE = 'fc-blr-atrium:spice_route';
type Jobs = Awaited<ReturnType<typeof jobsTestContext>>;

/** A multipart body of text fields and one file. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----bulk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function loadWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}

export async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The first sheet as header → column number, and its data rows' values by header. */
export function sheetRows(wb: ExcelJS.Workbook) {
  const sheet = wb.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const col = (h: string) => headers.indexOf(h);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null]).filter(([h]) => h)));
  });
  return { sheet, headers, col, rows };
}

/** Helpers over a jobs test context: run a bulk call to its end, fetch files, read the menu. */
export function bulkHelpers(t: Jobs) {
  const inject = (cookie: string, method: 'GET' | 'POST', url: string, body?: ReturnType<typeof multipartBody>) =>
    t.ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      payload: body?.payload,
      headers: { ...(body?.headers ?? {}), cookie: `cd_session=${cookie}` },
    });
  const finished = (id: string) => t.waitJob(id, (j) => j.status !== 'in_progress', 60_000);
  return {
    inject,
    finished,
    upload: async (
      url: string,
      data: Buffer,
      cookie = t.adminCookie,
      restaurant = SPICE,
    ): Promise<LightMyRequestResponse> =>
      inject(cookie, 'POST', url, multipartBody({ restaurant }, { name: 'menu.xlsx', data })),
    file: async (job: BackgroundJob, kind: 'result' | 'error' = 'result', index = 0) => {
      const res = await t.admin('GET', `/backgroundjob/file?job_id=${job.id}&kind=${kind}&index=${index}`);
      if (res.statusCode !== 200) throw new Error(`file: ${res.statusCode} ${res.body}`);
      return res.rawPayload;
    },
    menu: async (): Promise<FoodItemSummary[]> =>
      (await t.admin('GET', `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`)).json().fooditems,
    /** A signed-in user with bulkops and the given fine permissions, on every site. */
    user: async (userid: string, permissions: string[]) => {
      await t.ctx.database.db.insert(users).values({
        userid,
        name: userid,
        password_hash: await hashPassword('BulkTest#2026'),
        login_types: ['password'],
        pagepermissionaccess: ['bulkops'],
        read_only_access: [],
        permissions,
        sites: { locations: ['loc-bengaluru'], foodcourts: [], restaurants: [] },
      });
      const res = await t.ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'BulkTest#2026' },
      });
      return sessionCookie(res)!;
    },
  };
}
