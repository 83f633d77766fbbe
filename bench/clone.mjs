// Menu clone (issue 20): a 5,000-item menu with 300 submenus cloned into 10 restaurants in ≤ 30 s as one background
// job, server memory under 400 MB. The server runs as served (bench/lib/server.mjs) on a temporary embedded
// database (port 4398, 127.0.0.1 only), or on a scratch PostgreSQL database with BENCH_PG=postgres://….
//   1. four London and Auckland restaurants are switched to INR through the restaurant form's API, so the source
//      (Dosa Corner, empty in the demo) has ten targets in its currency;
//   2. 5,000 items go in with a bulk upload (the bulk-upload job), then 300 submenus through the submenu API, each
//      with 4 options and connected to about 17 items; every tenth submenu's options link items (remapped per target);
//   3. the server is restarted on the filled database; a preview into the ten targets (timed), then the clone job: from the POST until the job is done, with the
//      server's peak resident memory sampled every 50 ms (and VmHWM);
//   4. a second preview must find nothing to add anywhere (every target holds the whole menu).
// Run: node bench/clone.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { apiClient, assertPortFree, benchServer, buildServer } from './lib/server.mjs';

const PORT = 4398;
const API = `http://127.0.0.1:${PORT}/v2/bck`;
const ITEMS = Number(process.env.BENCH_ITEMS ?? 5000);
const SUBMENUS = Number(process.env.BENCH_SUBMENUS ?? 300);
const TARGET_SECONDS = 30;
const TARGET_MB = 400;
const SOURCE = 'fc-blr-atrium:dosa_corner';
const TARGETS = [
  'fc-blr-atrium:spice_route',
  'fc-blr-atrium:green_bowl',
  'fc-blr-atrium:chai_point',
  'fc-blr-tower-b:daily_thali',
  'fc-blr-tower-b:wrap_roll',
  'fc-blr-tower-b:juice_bar',
  'fc-ldn-river:salad_stop',
  'fc-ldn-hub:coffee_lab',
  'fc-akl-wharf:kiwi_grill',
  'fc-akl-wharf:pie_shop',
];
const SWITCH_CURRENCY = TARGETS.filter((t) => !t.startsWith('fc-blr'));
const CATEGORIES = ['Starters', 'Mains', 'Breads', 'Rice', 'Desserts', 'Drinks'];

let pgAdmin = null;
let dbName = '';
const env = { JOBS_POLL_SECONDS: '0.5', DEMO_IDP: 'false' };
if (process.env.BENCH_PG) {
  dbName = `cd_bench_clone_${process.pid}`;
  pgAdmin = new pg.Client({ connectionString: `${process.env.BENCH_PG}/postgres` });
  await pgAdmin.connect();
  await pgAdmin.query(`create database ${dbName}`);
  env.DATABASE_URL = `${process.env.BENCH_PG}/${dbName}`;
}

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-clone-'));
const server = benchServer({ port: PORT, dataDir, env });
const { call, signIn } = apiClient(API);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.status('VmRSS'))), 50);
function resetPeak() {
  peakRss = server.status('VmRSS');
  try {
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    // not allowed: VmHWM then counts from the start
  }
}
const peak = () => Math.max(peakRss, server.status('VmRSS'), server.status('VmHWM'));

async function waitJob(id, limitMs = 600_000) {
  const t0 = performance.now();
  for (;;) {
    const { json } = await call('GET', 'backgroundjobs');
    const job = json.data.find((j) => j.id === id);
    if (job && job.status !== 'in_progress') return job;
    if (performance.now() - t0 > limitMs) throw new Error(`job ${id} still running after ${limitMs / 1000} s`);
    await sleep(100);
  }
}

async function itemsWorkbook(file) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = wb.addWorksheet('Bench');
  sheet
    .addRow([
      'foodid',
      'foodname',
      'price',
      'listofcategories',
      'taxation',
      'fooddescription',
      'vegflag',
      'enable_as_submenu',
    ])
    .commit();
  for (let i = 0; i < ITEMS; i += 1) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const n = String(i).padStart(5, '0');
    sheet
      .addRow([
        '',
        `${category} dish ${n}`,
        50 + (i % 400),
        category,
        'GST 5%',
        `House ${category.toLowerCase()} number ${n}, cooked fresh.`,
        ['V', 'N', 'E'][i % 3],
        optionItem(i),
      ])
      .commit();
  }
  sheet.commit();
  await wb.commit();
}

/** Items 1–4, 11–14, … 291–294 are offered as options of every tenth submenu (so they carry no submenus). */
const optionItem = (k) => k < SUBMENUS && k % 10 >= 1 && k % 10 <= 4;

const storedSubmenu = (i, linked) => {
  const names = linked.length
    ? linked.map((l) => l.name)
    : ['Small', 'Regular', 'Large', 'Family'].map((s) => `${s} ${i}`);
  return {
    attributes: {
      ismand: false,
      multiple: true,
      min: 0,
      max: 2,
      free_quantity: null,
      max_quantity: null,
      min_quantity: null,
      default: '',
      description: `Choices ${i}`,
    },
    list: names,
    options: Object.fromEntries(names.map((n, k) => [n, k * 10])),
    extras: Object.fromEntries(
      names.map((n, k) => [
        n,
        {
          type: 'item',
          isHidden: false,
          shortName: '',
          imageurl: '',
          ...(linked[k] ? { foodid: linked[k].foodid } : {}),
        },
      ]),
    ),
  };
};

try {
  server.start();
  await server.waitReady();
  await signIn();

  for (const r of SWITCH_CURRENCY) {
    const { json } = await call('GET', `vendor/restaurant/${encodeURIComponent(r)}`);
    const { restaurant: _id, location: _l, updated_at: _ua, updated_by: _ub, ...fields } = json.restaurant;
    await call('PUT', `vendor/restaurant/${encodeURIComponent(r)}`, {
      ...fields,
      currency: 'INR',
      gstin: '29ABCDE1234F1Z5',
    });
  }

  console.log(`filling the source: ${ITEMS.toLocaleString('en')} items, ${SUBMENUS} submenus …`);
  for (const name of CATEGORIES) await call('POST', 'vendor/category', { restaurant: SOURCE, name });
  const file = path.join(dataDir, 'items.xlsx');
  await itemsWorkbook(file);
  const form = new FormData();
  form.append('restaurant', SOURCE);
  form.append('file', await fs.openAsBlob(file), 'items.xlsx');
  const upload = await waitJob((await call('POST', 'bulkupload/upload_bulkitems', form)).json.job.id);
  if (upload.status !== 'done' || upload.error_file) throw new Error(`upload: ${upload.message}`);
  const { json: menu } = await call('GET', `vendor/fooditem?restaurant=${encodeURIComponent(SOURCE)}`);
  const items = menu.fooditems.map((f) => ({ foodid: f.foodid, name: f.foodname }));
  if (items.length !== ITEMS) throw new Error(`the source has ${items.length} items`);
  for (let i = 0; i < SUBMENUS; i += 1) {
    const linked = i % 10 === 0 ? items.slice(i + 1, i + 5) : [];
    const connected = items.filter((_, k) => k % SUBMENUS === i && !optionItem(k)).map((x) => x.foodid);
    await call('POST', 'vendor/submenu', {
      restaurant: SOURCE,
      title: `Choice group ${String(i).padStart(3, '0')}`,
      submenu: storedSubmenu(i, linked),
      connections: { added_item_list: connected, removed_item_list: [], submenu_name: `Choice group ${i}` },
    });
  }

  // Filling grew the process (the embedded database's heap never shrinks): the clone is measured in a process
  // restarted on the filled database, as a server that has been running for days would be.
  await server.stop();
  server.start();
  await server.waitReady();
  await signIn();
  const restarted = server.status('VmRSS');

  let t0 = performance.now();
  const { json: preview } = await call('POST', 'clone/preview', {
    source: SOURCE,
    targets: TARGETS,
    mode: 'only_missing',
  });
  const previewSeconds = (performance.now() - t0) / 1000;
  const blocked = preview.targets.filter((t) => !t.allowed);
  if (blocked.length) throw new Error(`targets not allowed: ${blocked.map((t) => t.name).join(', ')}`);
  if (preview.source.items !== ITEMS || preview.source.submenus !== SUBMENUS) {
    throw new Error(`the preview sees ${preview.source.items} items and ${preview.source.submenus} submenus`);
  }

  resetPeak();
  const idle = server.status('VmRSS');
  t0 = performance.now();
  const { json: started } = await call('POST', 'clone', {
    source: SOURCE,
    mode: 'only_missing',
    targets: preview.targets.map((t) => ({ restaurant: t.restaurant, stamp: t.stamp })),
  });
  const job = await waitJob(started.job.id);
  const seconds = (performance.now() - t0) / 1000;
  const cloneMb = peak();

  const { json: again } = await call('POST', 'clone/preview', {
    source: SOURCE,
    targets: TARGETS,
    mode: 'only_missing',
  });
  const missing = again.targets.reduce((n, t) => n + t.counts.items.add + t.counts.submenus.add, 0);
  const { json: run } = await call('GET', `clone/runs/${started.run.id}`);
  const cloned = run.run.results.filter((r) => r.status === 'cloned').length;
  console.log(
    `clone of ${ITEMS.toLocaleString('en')} items and ${SUBMENUS} submenus into ${TARGETS.length} restaurants ` +
      `(${process.env.BENCH_PG ? 'PostgreSQL' : 'embedded database'}): ${seconds.toFixed(1)} s (target ${TARGET_SECONDS} s), ` +
      `${cloned}/${TARGETS.length} cloned, job "${job.message}"; preview of the 10 targets ${previewSeconds.toFixed(1)} s; ` +
      `server memory ${restarted.toFixed(0)} MB after the restart, ${idle.toFixed(0)} MB after the preview, peak ${cloneMb.toFixed(0)} MB during the clone (target < ${TARGET_MB} MB); ` +
      `second preview: ${missing} entries still missing`,
  );
  if (seconds > TARGET_SECONDS || cloneMb >= TARGET_MB || cloned !== TARGETS.length || missing !== 0) {
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  clearInterval(sampler);
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgAdmin) {
    await pgAdmin.query(`drop database if exists ${dbName} with (force)`);
    await pgAdmin.end();
  }
}
