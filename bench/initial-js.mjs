// The sign-in page's JavaScript (DESIGN.md §7 budget 200 KB gzipped; issue 11 point 5 target 150 KB): what the
// browser fetches before the page is usable, whatever index.html names. Starts the real server as `npm run serve`
// does (bench/lib/server.mjs) on a temporary embedded database (port 4393, 127.0.0.1 only) and opens, in headless
// Chromium with an empty cache and nobody signed in, /login and / (a visitor who lands on the root is sent to
// login). For each it sums every JavaScript file fetched from navigation start until the sign-in form is visible
// (User ID, Password and Login shown), gzipped at level 9 as a server would send it; files fetched afterwards
// (within 2 s) are listed apart and not counted. The files index.html itself names are summed too, as a cross-check.
// Run after `npm run build`:  npm run bench:initial-js  (WEB_DIST=<dir> measures another build, served from there)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { assertPortFree, benchServer, buildServer } from './lib/server.mjs';
import { launchBrowser } from './lib/browser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'apps/web/dist');
const PORT = 4393;
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_KB = 150;
const BUDGET_KB = 200;
const PAGES = ['/login', '/'];

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** Raw and gzipped size of a built file, by its URL path. */
function sizeOf(urlPath) {
  const buf = fs.readFileSync(path.join(DIST, urlPath.replace(/^\//, '')));
  return { raw: buf.length, gz: zlib.gzipSync(buf, { level: 9 }).length };
}
const sum = (files) => files.map(sizeOf).reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz }), { raw: 0, gz: 0 });

/** What index.html names (entry script and modulepreloads): the old measure, kept as a cross-check. */
function namedByHtml() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  return [...new Set(files)];
}

async function measure(browser, pagePath) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const fetched = [];
  let usable = false;
  const before = [];
  const after = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === BASE && url.pathname.endsWith('.js')) (usable ? after : before).push(url.pathname);
    fetched.push(url.pathname);
  });
  await page.goto(pagePath, { waitUntil: 'commit' });
  await Promise.all([
    page.getByLabel('User ID', { exact: true }).waitFor({ state: 'visible', timeout: 30_000 }),
    page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible', timeout: 30_000 }),
    page.getByRole('button', { name: 'Login', exact: true }).waitFor({ state: 'visible', timeout: 30_000 }),
  ]);
  usable = true;
  await page.waitForTimeout(2000);
  await context.close();
  return { before: [...new Set(before)], after: [...new Set(after)].filter((f) => !before.includes(f)) };
}

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-initial-js-'));
const server = benchServer({ port: PORT, dataDir });
let worst = 0;
try {
  server.start();
  await server.waitReady();
  const browser = await launchBrowser();
  try {
    for (const pagePath of PAGES) {
      const { before, after } = await measure(browser, pagePath);
      const total = sum(before);
      worst = Math.max(worst, total.gz);
      console.log(
        `${pagePath}: JS fetched before the sign-in form is usable: ${before.length} files, ${kb(total.raw)} raw, ` +
          `${kb(total.gz)} gzipped (target ${TARGET_KB} KB, budget ${BUDGET_KB} KB)`,
      );
      for (const file of before) console.log(`    ${kb(sizeOf(file).gz).padStart(9)}  ${file}`);
      if (after.length > 0) console.log(`  fetched later, not counted: ${after.join(', ')}`);
    }
  } finally {
    await browser.close();
  }
  const named = namedByHtml();
  console.log(`index.html names ${named.length} file(s): ${kb(sum(named).gz)} gzipped`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (worst > BUDGET_KB * 1024) {
  console.error('over budget');
  process.exitCode = 1;
}
