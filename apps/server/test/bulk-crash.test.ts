import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { BackgroundJob } from '@cd/core';
import { backends } from './harness.js';
import { crashHarness, signInAdmin } from './child-server.js';

const SPICE = 'fc-blr-atrium:spice_route';
const ROWS = 6000;

/** A workbook of many new items plus a new price for Paneer Tikka: big enough to kill the job mid-way. */
async function bigWorkbook(file: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = wb.addWorksheet('Menu');
  sheet.addRow(['foodid', 'foodname', 'price', 'listofcategories', 'servingtime']).commit();
  sheet.addRow(['spice_route_paneer_tikka', 'Paneer Tikka', 999, 'Starters', '11:30-15:00']).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(['', `Crash dish ${i}`, 10 + (i % 90), 'Mains', '']).commit();
  sheet.commit();
  await wb.commit();
}

describe.each(backends)('a bulk upload interrupted by a crash on %s', (backend) => {
  const harness = crashHarness(backend, 'bulk-crash');
  const { dataDir } = harness;

  it('leaves the menu unchanged and ends the job as error after the restart', async () => {
    const env = await harness.env();
    const first = await harness.start(env);
    const cookie = await signInAdmin(first.base);
    type Answer = { data: BackgroundJob[]; fooditems: { foodid: string; price: number }[] };
    const get = async (base: string, url: string) =>
      (await fetch(`${base}/v2/bck${url}`, { headers: { cookie } })).json() as Promise<Answer>;
    const jobOf = async (base: string, id: string): Promise<BackgroundJob | undefined> =>
      (await get(base, '/backgroundjobs')).data.find((j) => j.id === id);
    const menu = async (base: string) =>
      (await get(base, `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`)).fooditems;
    const before = await menu(first.base);

    const file = path.join(dataDir, 'big.xlsx');
    await bigWorkbook(file);
    const form = new FormData();
    form.append('restaurant', SPICE);
    form.append('file', await fs.openAsBlob(file), 'big.xlsx');
    const res = await fetch(`${first.base}/v2/bck/bulkupload/upload_bulkitems`, {
      method: 'POST',
      headers: { cookie, origin: first.base },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const job = ((await res.json()) as { job: BackgroundJob }).job;
    expect(job.title).toBe('Menu upload for Spice Route');

    // Mid-upload: it has read rows and not finished.
    for (let i = 0; ; i++) {
      const now = await jobOf(first.base, job.id);
      if (now?.status !== 'in_progress') throw new Error(`the job ended before the kill: ${JSON.stringify(now)}`);
      if (now.progress.done >= 500) break;
      if (i > 600) throw new Error(`the upload did not start: ${JSON.stringify(now)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await harness.start(env);
    let ended: BackgroundJob | undefined;
    for (let i = 0; i < 200; i++) {
      ended = await jobOf(second.base, job.id);
      if (ended?.status !== 'in_progress') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ended).toMatchObject({ status: 'error', title: 'Menu upload for Spice Route' });
    expect(ended!.message).toContain('Menu upload for Spice Route');
    expect(await menu(second.base)).toEqual(before);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 300_000);
});
