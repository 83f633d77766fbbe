import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, max } from 'drizzle-orm';
import { BULK_HEADERS, type BackgroundJob } from '@cd/core';
import { auditLog, menuRevisions } from '../src/db/schema/index.js';
import { backends } from './harness.js';
import { jobsTestContext } from './jobs-fixtures.js';
import { bulkHelpers, loadWorkbook, multipartBody, sheetRows, SPICE, toBuffer } from './bulk-fixtures.js';
import { WORKBOOK_LIMITS, workbookWriter } from '../src/modules/bulk/xlsx.js';
import { sharedHeaderSheet, workbookParts, writeWorkbookBomb, writeZip } from './xlsx-bomb.js';

describe.each(backends)('bulk operations on %s', (backend) => {
  let t: Awaited<ReturnType<typeof jobsTestContext>>;
  let h: ReturnType<typeof bulkHelpers>;
  let downloaded: Buffer;

  beforeAll(async () => {
    t = await jobsTestContext(backend);
    h = bulkHelpers(t);
  }, 120_000);
  afterAll(async () => t?.close());

  const run = async (res: { statusCode: number; body: string; json: () => { job: BackgroundJob } }) => {
    expect(res.statusCode, res.body).toBe(200);
    return h.finished(res.json().job.id);
  };

  it('streams the template: the bulk-edit headers and instructions', async () => {
    const res = await t.admin('GET', '/download_template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = await loadWorkbook(res.rawPayload);
    expect(sheetRows(wb).headers.filter(Boolean)).toEqual(BULK_HEADERS);
    expect(wb.worksheets[1]!.name).toBe('Instructions');
  });

  it('downloads a menu as a workbook whose rows equal the menu', async () => {
    const job = await run(await t.admin('POST', '/bulk/download', { restaurant_list: [SPICE] }));
    expect(job).toMatchObject({ status: 'done', type: 'download', title: 'Menu download for Spice Route' });
    expect([job.filepath].flat()).toEqual(['menu_spice_route.xlsx']);
    downloaded = await h.file(job);
    const wb = await loadWorkbook(downloaded);
    expect(wb.worksheets[0]!.name).toBe('Spice Route');
    const { rows } = sheetRows(wb);
    const menu = await h.menu();
    expect(rows.map((r) => [r.foodid, r.foodname, r.price])).toEqual(menu.map((i) => [i.foodid, i.foodname, i.price]));
    const paneer = rows.find((r) => r.foodid === 'spice_route_paneer_tikka')!;
    expect(paneer).toMatchObject({ listofcategories: 'Starters', hsn_code: '996331', vegflag: 'V' });
  });

  it('uploads an edited workbook: prices change, new rows are added, in one go', async () => {
    const wb = await loadWorkbook(downloaded);
    const { sheet, col, rows } = sheetRows(wb);
    const at = rows.findIndex((r) => r.foodid === 'spice_route_paneer_tikka') + 2;
    sheet.getRow(at).getCell(col('price')).value = 245;
    const extra = sheet.addRow([]);
    extra.getCell(col('foodname')).value = 'Masala Chai';
    extra.getCell(col('price')).value = 40;
    extra.getCell(col('listofcategories')).value = 'Starters';
    const before = (await t.admin('GET', '/vendor/fooditem/spice_route_paneer_tikka')).json().fooditem;
    const [{ last } = { last: 0 }] = await t.ctx.database.db
      .select({ last: max(menuRevisions.id) })
      .from(menuRevisions);

    const job = await run(await h.upload('/bulkupload/upload_bulkitems', await toBuffer(wb)));
    expect(job).toMatchObject({ status: 'done', type: 'upload', error_file: '', filename: 'menu.xlsx' });
    expect(job.message).toMatch(/^Updated 1 item, added 1, \d+ unchanged$/);
    const after = (await t.admin('GET', '/vendor/fooditem/spice_route_paneer_tikka')).json().fooditem;
    expect(after).toMatchObject({ price: 245, version: before.version + 1, taxation: before.taxation });
    expect(after.tags).toEqual(before.tags);
    const menu = await h.menu();
    expect(menu.find((i) => i.foodname === 'Masala Chai')).toMatchObject({
      foodid: 'spice_route_masala_chai',
      price: 40,
    });
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bulk_upload'), eq(auditLog.entity_id, SPICE)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ updated: 1, created: 1, job: job.id });
    // Menu history (issue 36): one revision per row the upload changed, none for the rows it left as they were.
    const revisions = await t.ctx.database.db
      .select()
      .from(menuRevisions)
      .where(gt(menuRevisions.id, last ?? 0));
    expect(revisions.map((r) => [r.entity, r.record_id, r.op, r.actor]).sort()).toEqual([
      ['item', expect.stringMatching(/^spice_route_masala_chai/), 'insert', 'demo.admin'],
      ['item', 'spice_route_paneer_tikka', 'update', 'demo.admin'],
    ]);
  });

  it('refuses the whole upload when a row is bad, and names the rows and cells in an error workbook', async () => {
    const menuBefore = await h.menu();
    const wb = await loadWorkbook(downloaded);
    const { sheet, col, rows } = sheetRows(wb);
    const row = (foodid: string) => sheet.getRow(rows.findIndex((r) => r.foodid === foodid) + 2);
    row('spice_route_paneer_tikka').getCell(col('price')).value = 999; // good row: must not apply either
    row('spice_route_chicken_biryani').getCell(col('price')).value = 'cheap';
    row('spice_route_chicken_biryani').getCell(col('hide_item')).value = 'maybe';
    row('spice_route_egg_curry').getCell(col('listofcategories')).value = 'No such category';

    const job = await run(await h.upload('/bulkupload/upload_bulkitems', await toBuffer(wb)));
    expect(job).toMatchObject({ status: 'done', message: '2 rows have errors; nothing was changed' });
    expect(job.error_file).toBe('errors_menu.xlsx');
    expect(await h.menu()).toEqual(menuBefore);

    const errors = sheetRows(await loadWorkbook(await h.file(job, 'error')));
    expect(errors.headers.at(-1)).toBe('Errors');
    const byId = Object.fromEntries(errors.rows.map((r) => [r.foodid, r.Errors]));
    expect(byId.spice_route_chicken_biryani).toBe('price: Enter a number; hide_item: Enter TRUE or FALSE');
    expect(byId.spice_route_egg_curry).toBe(
      'listofcategories: Category No such category does not exist in this restaurant',
    );
    expect(byId.spice_route_paneer_tikka ?? null).toBeNull();
    expect(errors.rows).toHaveLength(rows.length);
  });

  it('refuses files that are not workbooks, and uploads without a file', async () => {
    const fake = await h.upload('/bulkupload/upload_bulkitems', Buffer.from('foodid,foodname\n,Tea\n'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().extras.code).toBe('notXlsx');
    const none = await h.inject(
      t.adminCookie,
      'POST',
      '/bulkupload/upload_bulkitems',
      multipartBody({ restaurant: SPICE }),
    );
    expect(none.json().extras.code).toBe('fileRequired');
  });

  it('refuses a workbook bomb at once from its central directory (issue 12 point 1)', async () => {
    const file = path.join(t.ctx.dataDir, 'bomb.xlsx');
    await writeWorkbookBomb(file, 300);
    const data = fs.readFileSync(file);
    expect(data.length).toBeLessThan(1024 * 1024);
    for (const url of ['/bulkupload/upload_bulkitems', '/bulk/nutrition_upload']) {
      const res = await h.upload(url, data);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        message: expect.stringMatching(/^The workbook's shared strings unpack to 30\d MB; at most 64 MB are accepted$/),
        extras: { code: 'workbookRefused', field: 'file' },
      });
    }
  }, 180_000);

  it('fails a job whose workbook lies about its sizes or holds too much, alone, while the server answers', async () => {
    const liar = path.join(t.ctx.dataDir, 'liar.xlsx');
    await writeWorkbookBomb(liar, 300, { lie: true });
    const lied = await run(await h.upload('/bulkupload/upload_bulkitems', fs.readFileSync(liar)));
    expect(lied).toMatchObject({
      status: 'error',
      message: 'The workbook is damaged: xl/sharedStrings.xml unpacks to more than it declares',
    });

    // 60 MB of texts, declared honestly (under the 64 MB part limit), more characters than a job may hold.
    const heavy = path.join(t.ctx.dataDir, 'heavy.xlsx');
    await writeZip(
      heavy,
      workbookParts(sharedHeaderSheet(1), {
        name: 'xl/sharedStrings.xml',
        head: '<sst>',
        block: `<si><t>${'C'.repeat(20_000)}</t></si>`,
        times: 3000,
        tail: '</sst>',
      }),
    );
    const uploadedAt = performance.now();
    const started = await h.upload('/bulkupload/upload_bulkitems', fs.readFileSync(heavy));
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().job.id as string;
    // While the job reads, other calls are answered at once: the reading happens in its own thread.
    const latencies: number[] = [];
    for (;;) {
      const t0 = performance.now();
      const health = await t.ctx.app.inject({ method: 'GET', url: '/v2/bck/health' });
      latencies.push(performance.now() - t0);
      expect(health.statusCode).toBe(200);
      const jobs = (await t.admin('GET', '/backgroundjobs')).json().data as BackgroundJob[];
      if (jobs.find((j) => j.id === id)?.status !== 'in_progress') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const job = await h.finished(id);
    const jobMs = performance.now() - uploadedAt;
    expect(job).toMatchObject({
      status: 'error',
      message: "The workbook's texts hold more than 33,554,432 characters; split it into smaller files",
    });
    expect(job.message).not.toMatch(/interrupted by a restart/);
    // No call waited for the reading (on a busy machine everything is slower: compare with the job's own time).
    expect(Math.max(...latencies)).toBeLessThan(Math.max(2000, jobMs / 2));
    expect((await t.admin('GET', '/backgroundjobs')).statusCode).toBe(200);
  }, 180_000);

  it('ends the job of a workbook over the row limit with the row-limit message', async () => {
    // 100,001 item rows under the header: one sheet row more than docs/security.md "Workbooks" allows, twice over.
    const file = path.join(t.ctx.dataDir, 'too-many-rows.xlsx');
    const wb = workbookWriter(file);
    const sheet = wb.addWorksheet('Menu');
    sheet.addRow(['foodid', 'foodname', 'price']).commit();
    for (let i = 1; i <= WORKBOOK_LIMITS.rows + 1; i++) sheet.addRow(['', `Dish ${i}`, 10]).commit();
    sheet.commit();
    await wb.commit();
    const before = await h.menu();
    const job = await run(await h.upload('/bulkupload/upload_bulkitems', fs.readFileSync(file)));
    expect(job).toMatchObject({
      status: 'error',
      message: 'The sheet has more than 100,000 rows; split it into smaller files',
    });
    expect(await h.menu()).toEqual(before);
  }, 120_000);

  it('names the columns it does not recognise, marks them in the error workbook and changes nothing', async () => {
    const menuBefore = await h.menu();
    const wb = await loadWorkbook(downloaded);
    const { sheet, headers, rows } = sheetRows(wb);
    sheet.getRow(1).getCell(headers.length).value = 'colour';
    sheet.getRow(1).getCell(headers.length + 1).value = 'Prcie';
    const row = sheet.getRow(rows.findIndex((r) => r.foodid === 'spice_route_paneer_tikka') + 2);
    row.getCell(headers.length + 1).value = 999;

    const job = await run(await h.upload('/bulkupload/upload_bulkitems', await toBuffer(wb)));
    expect(job).toMatchObject({
      status: 'done',
      message: "Columns not recognised: colour, Prcie (use the template's headers); nothing was changed",
      error_file: 'errors_menu.xlsx',
    });
    expect(await h.menu()).toEqual(menuBefore);
    const errors = await loadWorkbook(await h.file(job, 'error'));
    const header = errors.worksheets[0]!.getRow(1);
    const cells = (header.values as unknown[]).slice(1).map(String);
    const marked = (name: string) =>
      (header.getCell(cells.indexOf(name) + 1).fill as { fgColor?: { argb?: string } })?.fgColor?.argb;
    expect(marked('colour')).toBe('FFFFC7CE');
    expect(marked('Prcie')).toBe('FFFFC7CE');
    expect(marked('price')).toBeUndefined();
    expect(cells.at(-1)).toBe('Errors');
  });

  it('replaces nutrition from a nutrition workbook (fine permission bulk_nutrition_upload)', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Nutrition');
    sheet.addRow(['foodid', 'nutrient name', 'quantity', 'calories', 'dailyValue']);
    sheet.addRow(['spice_route_paneer_tikka', 'Protein', '18 g', '', '30%']);
    sheet.addRow(['spice_route_paneer_tikka', 'Fat', '22 g', '198', '28%']);
    const data = await toBuffer(wb);
    const clerk = await h.user('bulk.clerk', []);
    const refused = await h.upload('/bulk/nutrition_upload', data, clerk);
    expect(refused.statusCode).toBe(403);
    const job = await run(await h.upload('/bulk/nutrition_upload', data));
    expect(job).toMatchObject({ status: 'done', message: 'Replaced the nutrition of 1 item' });
    const item = (await t.admin('GET', '/vendor/fooditem/spice_route_paneer_tikka')).json().fooditem;
    expect(item.nutrition).toEqual([
      { name: 'Protein', quantity: '18 g', calories: '', dailyValue: '30%' },
      { name: 'Fat', quantity: '22 g', calories: '198', dailyValue: '28%' },
    ]);
  });

  it('names the columns of a nutrition sheet it does not recognise, and changes nothing', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Nutrition');
    sheet.addRow(['foodid', 'nutrient name', 'quantity', 'calries', 'dailyValue']);
    sheet.addRow(['spice_route_paneer_tikka', 'Protein', '1 g', '9', '1%']);
    const before = (await t.admin('GET', '/vendor/fooditem/spice_route_paneer_tikka')).json().fooditem.nutrition;
    const job = await run(await h.upload('/bulk/nutrition_upload', await toBuffer(wb)));
    expect(job).toMatchObject({
      status: 'done',
      message:
        'Column not recognised: calries (use the columns foodid, nutrient name, quantity, calories, dailyValue); ' +
        'nothing was changed',
    });
    const after = (await t.admin('GET', '/vendor/fooditem/spice_route_paneer_tikka')).json().fooditem.nutrition;
    expect(after).toEqual(before);
  });

  it('checks a file of many check chunks row by row: a repeat far down is caught, then every row applies', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = (repeatAt: number | null) => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Menu');
      sheet.addRow([...BULK_HEADERS]);
      const col = (h: string) => BULK_HEADERS.indexOf(h as (typeof BULK_HEADERS)[number]);
      const row = (foodid: string, foodname: string, price: number) => {
        const cells: (string | number)[] = BULK_HEADERS.map(() => '');
        cells[col('foodid')] = foodid;
        cells[col('foodname')] = foodname;
        cells[col('price')] = price;
        cells[col('listofcategories')] = 'Starters';
        sheet.addRow(cells);
      };
      row('spice_route_paneer_tikka', 'Paneer Tikka', 251);
      for (let i = 1; i <= 1200; i += 1) {
        if (i === repeatAt) row('spice_route_paneer_tikka', 'Paneer Tikka', 252);
        else row('', `Chunk Dish ${String(i).padStart(4, '0')}`, 100 + (i % 50));
      }
      return toBuffer(wb);
    };
    const before = await h.menu();

    // Row 1,101 (the 1,100th item row) repeats the id of row 2, two check chunks later.
    const refused = await run(await h.upload('/bulkupload/upload_bulkitems', await workbook(1100)));
    expect(refused).toMatchObject({ message: '1 row has errors; nothing was changed' });
    const errors = sheetRows(await loadWorkbook(await h.file(refused, 'error')));
    const flagged = errors.rows.filter((r) => r.Errors);
    expect(flagged).toEqual([
      expect.objectContaining({
        foodid: 'spice_route_paneer_tikka',
        Errors: 'foodid: Item spice_route_paneer_tikka appears in an earlier row too',
      }),
    ]);
    expect(await h.menu()).toEqual(before);

    const job = await run(await h.upload('/bulkupload/upload_bulkitems', await workbook(null)));
    expect(job).toMatchObject({ status: 'done', error_file: '', message: 'Updated 1 item, added 1200, 0 unchanged' });
    const after = await h.menu();
    expect(after).toHaveLength(before.length + 1200);
    const added = after.filter((i) => i.foodname.startsWith('Chunk Dish '));
    expect(new Set(added.map((i) => i.foodid)).size).toBe(1200);
    expect(added.find((i) => i.foodname === 'Chunk Dish 1199')).toMatchObject({ price: 149 });
    expect(after.find((i) => i.foodid === 'spice_route_paneer_tikka')).toMatchObject({ price: 251 });
  }, 180_000);

  it('erases a menu only with erase_menu, in one audited change', async () => {
    const clerk = await h.user('bulk.eraser', []);
    const body = { action: 'erase_menu', restaurant: SPICE, confirm: true };
    const refused = await h.inject(clerk, 'POST', '/bulk_action');
    expect(refused.statusCode).toBe(400);
    const forbidden = await t.ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/bulk_action',
      payload: body,
      headers: { cookie: `cd_session=${clerk}` },
    });
    expect(forbidden.statusCode).toBe(403);
    const count = (await h.menu()).length;
    const job = await run(await t.admin('POST', '/bulk_action', body));
    expect(job).toMatchObject({ status: 'done', type: 'erase', title: 'Menu erase for Spice Route' });
    const menu = (await t.admin('GET', `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`)).json();
    expect(menu.fooditems).toEqual([]);
    expect(menu.categories).toEqual([]);
    const [row] = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'erase_menu'));
    expect(row!.after).toMatchObject({ items: count, job: job.id });
  });
});
