import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackgroundJob, CloneRun } from '@cd/core';
import { workbookWriter } from '../src/modules/bulk/xlsx.js';
import { backends } from './harness.js';
import { crashHarness, signInAdmin } from './child-server.js';

const SPICE = 'fc-blr-atrium:spice_route';
/** Spice Route's client's other restaurants (same currency): each is cloned in its own transaction. */
const TARGETS = [
  'fc-blr-atrium:dosa_corner',
  'fc-blr-atrium:green_bowl',
  'fc-blr-atrium:chai_point',
  'fc-blr-tower-b:daily_thali',
  'fc-blr-tower-b:wrap_roll',
  'fc-blr-tower-b:juice_bar',
];
/** Items added to the source first: enough that each target takes a while to clone. */
const ITEMS = 3000;

describe.each(backends)('a menu clone interrupted by a crash on %s', (backend) => {
  const harness = crashHarness(backend, 'clone-crash');

  it('ends its clone log as error after the restart, the targets not reached untouched', async () => {
    const env = await harness.env();
    const first = await harness.start(env);
    const cookie = await signInAdmin(first.base);
    const call = async <T>(base: string, url: string, init: { method?: string; body?: object | FormData } = {}) => {
      const json = init.body && !(init.body instanceof FormData);
      const res = await fetch(`${base}/v2/bck${url}`, {
        method: init.method ?? 'GET',
        headers: { cookie, origin: base, ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(init.body) : (init.body as FormData | undefined),
      });
      expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200);
      return (await res.json()) as T;
    };
    const jobOf = async (base: string, id: string) =>
      (await call<{ data: BackgroundJob[] }>(base, '/backgroundjobs')).data.find((j) => j.id === id);
    const until = async (base: string, id: string, done: (j: BackgroundJob | undefined) => boolean) => {
      for (let i = 0; i < 600; i++) {
        const job = await jobOf(base, id);
        if (done(job)) return job;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`job ${id} did not get there: ${JSON.stringify(await jobOf(base, id))}`);
    };
    const itemCount = async (base: string, restaurant: string) =>
      (await call<{ fooditems: unknown[] }>(base, `/vendor/fooditem?restaurant=${encodeURIComponent(restaurant)}`))
        .fooditems.length;

    // A big source menu, by a bulk upload.
    const file = path.join(harness.dataDir, 'big-menu.xlsx');
    const wb = workbookWriter(file);
    const sheet = wb.addWorksheet('Menu');
    sheet.addRow(['foodid', 'foodname', 'price', 'listofcategories']).commit();
    for (let i = 0; i < ITEMS; i++) sheet.addRow(['', `Clone dish ${i}`, 10 + (i % 90), 'Mains']).commit();
    sheet.commit();
    await wb.commit();
    const form = new FormData();
    form.append('restaurant', SPICE);
    form.append('file', await fs.openAsBlob(file), 'big-menu.xlsx');
    const upload = await call<{ job: BackgroundJob }>(first.base, '/bulkupload/upload_bulkitems', {
      method: 'POST',
      body: form,
    });
    const uploaded = await until(first.base, upload.job.id, (j) => j?.status !== 'in_progress');
    expect(uploaded?.status, JSON.stringify(uploaded)).toBe('done');
    const before = new Map<string, number>();
    for (const t of TARGETS) before.set(t, await itemCount(first.base, t));
    const clone = (targets: string[]) =>
      call<{ run: CloneRun; job: BackgroundJob }>(first.base, '/clone', {
        method: 'POST',
        body: {
          source: SPICE,
          mode: 'only_missing',
          targets: targets.map((restaurant) => ({ restaurant, stamp: '' })),
        },
      });

    // How long one target takes here: the embedded database answers nothing else while a target's transaction
    // runs, so there the kill is timed from this rather than from the job's progress.
    const [measured, ...targets] = TARGETS;
    const t0 = Date.now();
    const one = await clone([measured!]);
    expect(await until(first.base, one.job.id, (j) => j?.status !== 'in_progress')).toMatchObject({ status: 'done' });
    const perTarget = Date.now() - t0;

    const started = await clone(targets);
    const id = started.job.id;
    if (backend === 'postgres') {
      // Mid-clone: at least one target done, and the job still running.
      const mid = await until(first.base, id, (j) => j?.status !== 'in_progress' || j.progress.done >= 1);
      if (mid?.status !== 'in_progress') throw new Error(`the clone ended before the kill: ${JSON.stringify(mid)}`);
    } else {
      await new Promise((r) => setTimeout(r, Math.round(perTarget * 1.5)));
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await harness.start(env);
    const ended = await until(second.base, id, (j) => j?.status !== 'in_progress');
    expect(ended).toMatchObject({ status: 'error', message: expect.stringMatching(/interrupted by a restart$/) });

    // The clone log follows its job: error, every target accounted for.
    const { run } = await call<{ run: CloneRun }>(second.base, `/clone/runs/${id}`);
    expect(run.status).toBe('error');
    expect(run.finished_at).not.toBeNull();
    expect(run.results.map((r) => r.restaurant).sort()).toEqual([...targets].sort());
    const stopped = run.results.filter((r) => r.status === 'left_alone');
    expect(stopped.length).toBeGreaterThanOrEqual(1);
    for (const r of stopped) {
      expect(r.reason).toBe(
        `The clone was interrupted before ${r.name} was done (the server running it stopped): nothing was changed there. Clone it again.`,
      );
      // True: nothing of an unfinished target was applied.
      expect(await itemCount(second.base, r.restaurant)).toBe(before.get(r.restaurant));
    }
    // The targets finished before the kill keep their result, and their items.
    for (const r of run.results.filter((x) => x.status !== 'left_alone')) {
      expect(r.status).toBe('cloned');
      expect(await itemCount(second.base, r.restaurant)).toBeGreaterThanOrEqual(before.get(r.restaurant)! + ITEMS);
    }
    if (backend === 'postgres') expect(stopped.length).toBeLessThan(targets.length);
    // The list says the same.
    const list = await call<{ runs: CloneRun[] }>(second.base, `/clone/runs?source=${encodeURIComponent(SPICE)}`);
    expect(list.runs.find((r) => r.id === id)?.status).toBe('error');

    second.child.kill('SIGTERM');
    await second.exited;
  }, 300_000);
});
