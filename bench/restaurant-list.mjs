// The restaurant list with 2,000 restaurants in one food court (DESIGN.md §7: lists paginated beyond a few
// hundred rows). Starts the real server as `npm run serve` does (bench/lib/server.mjs) on a temporary embedded database (port 4390, 127.0.0.1 only), adds
// the restaurants through the API as demo.admin, then measures
//   1. GET /v2/bck/vendor/restaurant?foodcourt=…&page=N&page_size=50: p50/p95/max over 200 requests
//      (mixed pages, every fifth one with a search), one at a time;
//   2. the /restaurant page in headless Chromium: time from navigation start until the first row is visible,
//      median of 5 fresh browser contexts (cold HTTP cache, signed in; each window settled first, see openPage).
// Run after `npm run build` (the server serves apps/web/dist):  node bench/restaurant-list.mjs
// BENCH_DATA_DIR=<dir> keeps the database there and reuses it on the next run (the restaurants are added once).
/* global document, window, MutationObserver -- functions passed to the page run in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { openPage } from './lib/browser.mjs';
import { apiClient, assertPortFree, benchServer, buildServer } from './lib/server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 4390;
const BASE = `http://127.0.0.1:${PORT}`;
const API = `${BASE}/v2/bck`;
const RESTAURANTS = 2000;
const INSERT_CONCURRENCY = 8;
const LIST_REQUESTS = 200;
const PAGE_SIZE = 50;
const BROWSER_RUNS = 5;
const FOODCOURT = 'fc-bench';
/** The whole run stops after this, whatever it is doing. */
const DEADLINE = Date.now() + 20 * 60_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function checkDeadline(what) {
  if (Date.now() > DEADLINE) throw new Error(`time limit reached while ${what}`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (n) => `${n.toFixed(1)} ms`;

if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const keepData = Boolean(process.env.BENCH_DATA_DIR);
await assertPortFree(PORT);
buildServer();
const dataDir = keepData
  ? path.resolve(process.env.BENCH_DATA_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-restaurants-'));
const server = benchServer({ port: PORT, dataDir });
const { call, signIn: signInApi } = apiClient(API);

async function stop() {
  await server.stop();
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A minimal valid restaurant (core's requiredFields; GBP needs no GSTIN). */
function restaurantBody(i) {
  const n = String(i).padStart(4, '0');
  return {
    foodcourt: FOODCOURT,
    restid: `bench_${n}`,
    name: `Bench Kitchen ${n}`,
    client: i % 3 === 0 ? 'globex' : 'acme',
    sitecode: `S${n}`,
    currency: 'GBP',
    restaurant_wise_order_capacity: 0,
    fssai_no: `F${n}`,
    description: 'Benchmark restaurant',
    rest_na_message: 'Closed now',
    cuisines: 'Various',
    extradetails: '-',
    info_link: 'https://example.test/info',
    status: ['active', 'inactive', 'demo', 'closed'][i % 4],
    type: ['cnc_regular', 'cnc_popup', 'mis', 'subsidy'][i % 4],
    hasdinein: i % 2 === 0,
    hasdelivery: i % 5 === 0,
  };
}

async function insertRestaurants() {
  let next = 0;
  let done = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < RESTAURANTS) {
      checkDeadline('adding restaurants');
      const i = next;
      next += 1;
      await call('POST', 'vendor/restaurant', restaurantBody(i));
      done += 1;
      if (done % 500 === 0) console.log(`  added ${done}/${RESTAURANTS}`);
    }
  };
  await Promise.all(Array.from({ length: INSERT_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(`added ${RESTAURANTS} restaurants in ${seconds.toFixed(1)} s (${(RESTAURANTS / seconds).toFixed(0)}/s)`);
}

async function measureListApi() {
  const pages = Math.ceil(RESTAURANTS / PAGE_SIZE);
  const times = [];
  // Warm-up (JIT, query plans), not counted.
  for (let i = 0; i < 10; i += 1) await call('GET', `vendor/restaurant?foodcourt=${FOODCOURT}&page=1&page_size=50`);
  for (let i = 0; i < LIST_REQUESTS; i += 1) {
    checkDeadline('measuring the list API');
    const page = ((i * 7) % pages) + 1;
    const search = i % 5 === 4 ? `&search=${encodeURIComponent(`Kitchen ${String(i % 20).padStart(2, '0')}`)}` : '';
    const t0 = performance.now();
    const { json } = await call(
      'GET',
      `vendor/restaurant?foodcourt=${FOODCOURT}&page=${search ? 1 : page}&page_size=${PAGE_SIZE}${search}`,
    );
    times.push(performance.now() - t0);
    if (!search && (json.total !== RESTAURANTS || json.restaurants.length === 0)) {
      throw new Error(`unexpected answer: total ${json.total}, ${json.restaurants.length} rows`);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `list API (${LIST_REQUESTS} requests, page_size ${PAGE_SIZE}, 1 in 5 with a search): ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1])}`,
  );
}

async function measurePage() {
  const browser = await chromium.launch({
    executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    // Sign in once through the page; later contexts start from its cookies and stored login state.
    const signIn = await browser.newContext({ baseURL: BASE });
    const page = await signIn.newPage();
    await page.goto('/login');
    await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
    await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(/Hello, demo\.admin/).waitFor({ timeout: 30_000 });
    const storageState = await signIn.storageState();
    await signIn.close();

    const url = `/restaurant?foodcourt=${FOODCOURT}`;
    const firstRow = (p) =>
      p
        .getByRole('table', { name: 'Restaurants' })
        .getByRole('button', { name: /^Edit / })
        .first();
    // The moment (ms since navigation start) a row first shows, recorded in the page itself: Playwright's own
    // polling of a locator would add up to half a second.
    const recordFirstRow = () => {
      const seen = () => document.querySelector('table[aria-label="Restaurants"] tbody button[aria-label^="Edit "]');
      new MutationObserver((_records, observer) => {
        if (seen()) {
          window.__firstRowAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    };
    const cold = [];
    const warm = [];
    for (let run = 0; run < BROWSER_RUNS; run += 1) {
      checkDeadline('measuring the page');
      const context = await browser.newContext({ baseURL: BASE, storageState });
      await context.addInitScript(recordFirstRow);
      const p = await openPage(context);
      await p.goto(url, { waitUntil: 'commit' });
      await firstRow(p).waitFor({ state: 'visible', timeout: 30_000 });
      cold.push(await p.evaluate(() => window.__firstRowAt));
      // The same page again with the HTTP cache warm (a returning user).
      await p.reload({ waitUntil: 'commit' });
      await firstRow(p).waitFor({ state: 'visible', timeout: 30_000 });
      warm.push(await p.evaluate(() => window.__firstRowAt));
      const rows = await p
        .getByRole('table', { name: 'Restaurants' })
        .getByRole('button', { name: /^Edit / })
        .count();
      if (rows !== 25) throw new Error(`expected one page of 25 rows, saw ${rows}`);
      await context.close();
    }
    console.log(
      `/restaurant first row visible (median of ${BROWSER_RUNS}): cold cache ${ms(median(cold))}, ` +
        `warm cache ${ms(median(warm))}  [cold: ${cold.map((n) => n.toFixed(0)).join(', ')} ms]`,
    );
  } finally {
    await browser.close();
  }
}

/** Context for the page's number: the shell's profile call, which the page waits for, carries the site tree. */
async function measureProfileCall() {
  const times = [];
  for (let i = 0; i < 20; i += 1) {
    checkDeadline('measuring the profile call');
    const t0 = performance.now();
    await call('POST', 'vendor/details', {});
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`shell profile call (POST vendor/details, 20 requests): p50 ${ms(percentile(times, 50))}`);
}

try {
  console.log(`starting the server on ${BASE} (DATA_DIR ${dataDir})`);
  server.start();
  await server.waitReady();
  await signInApi();
  const existing = await call('GET', `vendor/restaurant?foodcourt=${FOODCOURT}&page=1&page_size=25`);
  if (existing.json.total === 0) {
    await call('POST', 'vendor/foodcourt', {
      foodcourt: FOODCOURT,
      location: 'loc-bengaluru',
      name: 'Bench Food Court',
    });
    await insertRestaurants();
  } else if (existing.json.total !== RESTAURANTS) {
    throw new Error(`${dataDir} holds ${existing.json.total} bench restaurants, not ${RESTAURANTS}: remove it`);
  }
  await measureListApi();
  await measureProfileCall();
  await measurePage();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stop();
}
