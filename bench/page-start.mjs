// What every signed-in page pays on a cold start (issue 11 point 5): the list pages on the seeded demo data. Starts
// the real server as `npm run serve` does (bench/lib/server.mjs) on a temporary embedded database with the demo
// seed only (port 4392, 127.0.0.1 only), signs demo.admin in through the login page, then for /restaurant and
// /location measures in headless Chromium the time from navigation start until the first data row is visible:
//   - cold: a fresh browser context each run (empty HTTP cache, signed in), median of 11. Its window is left to
//     build Chromium's own UI before the page is asked for (openPage in lib/browser.mjs says why);
//     BENCH_FRESH_WINDOW=1 asks the moment the window opens, as this bench did until 2026-11-26;
//   - warm: the same page reloaded (HTTP cache warm), median of 11.
// It prints what the median cold run fetched and when each answer ended (ms since navigation start), which shows
// what the page waited on. BENCH_WATERFALL=0 leaves that out.
// Run after `npm run build` (the server serves apps/web/dist):  node bench/page-start.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertPortFree, benchServer, buildServer } from './lib/server.mjs';
import {
  FRESH_WINDOW,
  launchBrowser,
  median,
  openPage,
  recordFirst,
  resourceTimings,
  seenAt,
  signedInState,
} from './lib/browser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 4392;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 11;
/** A data row: the row's edit button, which only a loaded row has. */
const PAGES = [
  { path: '/restaurant', row: 'main table tbody button[aria-label^="Edit "]' },
  { path: '/location', row: 'main table tbody button[aria-label^="Edit "]' },
];
const DEADLINE = Date.now() + 15 * 60_000;

if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-start-'));
const server = benchServer({ port: PORT, dataDir });

const ms = (n) => `${Math.round(n)} ms`;

function describeWaterfall(timings, firstRow) {
  const lines = timings
    .filter((t) => t.end <= firstRow + 1)
    .sort((a, b) => a.start - b.start)
    .map((t) => `    ${ms(t.start).padStart(7)} → ${ms(t.end).padStart(7)}  ${t.name}`);
  return [...lines, `    first row at ${ms(firstRow)}`].join('\n');
}

async function measure(browser, storageState, { path: pagePath, row }) {
  const cold = [];
  const warm = [];
  const waterfalls = [];
  for (let run = 0; run < RUNS; run += 1) {
    if (Date.now() > DEADLINE) throw new Error('time limit reached');
    const context = await browser.newContext({ baseURL: BASE, storageState });
    await context.addInitScript(recordFirst, { name: 'row', selector: row });
    const page = await openPage(context);
    await page.goto(pagePath, { waitUntil: 'commit' });
    const coldAt = await seenAt(page, 'row');
    cold.push(coldAt);
    waterfalls.push({ at: coldAt, timings: await resourceTimings(page) });
    await page.reload({ waitUntil: 'commit' });
    warm.push(await seenAt(page, 'row'));
    await context.close();
  }
  const m = median(cold);
  console.log(
    `${pagePath} first row visible, demo data (median of ${RUNS}${FRESH_WINDOW ? ', fresh window' : ''}): cold ${ms(m)}, warm ${ms(median(warm))}` +
      `  [cold runs: ${cold.map((n) => Math.round(n)).join(', ')} ms]`,
  );
  if (process.env.BENCH_WATERFALL !== '0') {
    const typical = waterfalls.find((w) => w.at === m);
    console.log(`  the median cold run, request start → end (ms since navigation start):`);
    console.log(describeWaterfall(typical.timings, typical.at));
  }
}

try {
  console.log(`starting the server on ${BASE} (DATA_DIR ${dataDir})`);
  server.start();
  await server.waitReady();
  const browser = await launchBrowser();
  try {
    const storageState = await signedInState(browser, BASE);
    for (const page of PAGES) await measure(browser, storageState, page);
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
