// The menu API with a 5,000-item menu (DESIGN.md §7: API reads of a 5,000-item menu p95 ≤ 50 ms). Starts the
// real server as `npm run serve` does (bench/lib/server.mjs) on a temporary embedded database (port 4391, 127.0.0.1 only), creates through the API as
// demo.admin a restaurant with 12 categories, 5,000 items (realistic details: descriptions, allergens,
// nutrition, serving and prep times) and 300 submenus (5 options each, 15 items connected to each), then
// measures, one request at a time:
//   1. GET /v2/bck/vendor/fooditem?restaurant=… (the editor's menu read): p50/p95/max over 200 requests;
//   2. PUT /v2/bck/vendor/submenu/:id (a submenu save naming its version): p50/p95/max over 100 saves;
//   3. the menu read right after a write (the served answer is rebuilt, menu-cache.ts): p50/p95 over 20;
//   4. the /menu editor in headless Chromium (needs `npm run build` first; skipped without apps/web/dist):
//      from navigation start until the first item row of the 5,000-item menu is visible, in 5 fresh
//      signed-in browser contexts (cold HTTP cache); then, a second after the rows show, from clicking an item
//      until the editor's fields are on screen (Item name) and until all its sections are (timed in the page);
//      and in the running app from choosing the restaurant in the picker until its first rows show.
// Run: npm run build && npm run bench:menu-api
// BENCH_DATA_DIR=<dir> keeps the database there and reuses it on the next run (the menu is created once).
// BENCH_ONLY=editor measures only the editor in Chromium; WEB_DIST=<dir> serves and measures another web build.
/* global window -- functions passed to the page run in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, assertPortFree, benchServer, buildServer } from './lib/server.mjs';
import { launchBrowser, recordFirst, recordFirstClick, seenAt, signedInState } from './lib/browser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 4391;
const BASE = `http://127.0.0.1:${PORT}`;
const API = `${BASE}/v2/bck`;
const RESTAURANT = 'fc-blr-atrium:bench_menu';
const ITEMS = 5000;
const SUBMENUS = 300;
const CONNECTED_PER_SUBMENU = 15;
const CATEGORIES = [
  'Starters',
  'Soups',
  'Salads',
  'Mains',
  'Biryani',
  'Breads',
  'Rice',
  'Sides',
  'Desserts',
  'Drinks',
  'Specials',
  'Kids',
];
const INSERT_CONCURRENCY = 4;
const MENU_READS = 200;
const SUBMENU_SAVES = 100;
const READS_AFTER_WRITE = 20;
const BROWSER_RUNS = 5;
/** The built web app the server serves (WEB_DIST, as the server reads it). */
const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'apps/web/dist');
/** The whole run stops after this, whatever it is doing. */
const DEADLINE = Date.now() + 30 * 60_000;

function checkDeadline(what) {
  if (Date.now() > DEADLINE) throw new Error(`time limit reached while ${what}`);
}
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;

const keepData = Boolean(process.env.BENCH_DATA_DIR);
await assertPortFree(PORT);
buildServer();
const dataDir = keepData
  ? path.resolve(process.env.BENCH_DATA_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-menu-'));
const server = benchServer({ port: PORT, dataDir });
const client = apiClient(API);
const { call, signIn } = client;

async function stop() {
  await server.stop();
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
}

const ALLERGENS = ['CY', 'GN', 'CR', 'EG', 'FH', 'LP', 'MK', 'MS', 'MD', 'NT', 'PT', 'SD', 'SA', 'SP'];
function itemBody(i) {
  const n = String(i).padStart(4, '0');
  const category = CATEGORIES[i % CATEGORIES.length];
  return {
    restaurant: RESTAURANT,
    foodname: `${category} dish ${n}`,
    short_name: `Dish ${n}`,
    price: 50 + (i % 400) + (i % 4) * 0.25,
    listofcategories: i % 10 === 0 ? [category, 'Specials'] : [category],
    vegflag: ['V', 'N', 'E'][i % 3],
    fooddescription: `House ${category.toLowerCase()} number ${n}, cooked fresh with seasonal ingredients and our own spice blend.`,
    allergens: [ALLERGENS[i % ALLERGENS.length], ALLERGENS[(i * 7) % ALLERGENS.length]].filter(
      (a, k, all) => all.indexOf(a) === k,
    ),
    taxation: 'GST 5%',
    hsn_code: '996331',
    cuisine: 'Indian',
    calories: 200 + (i % 600),
    nutrition: [
      { name: 'Energy', quantity: `${200 + (i % 600)} kcal`, calories: String(200 + (i % 600)), dailyValue: '12%' },
      { name: 'Protein', quantity: `${5 + (i % 30)} g`, calories: '', dailyValue: '8%' },
    ],
    servingtime: [
      { starttime: '11:00', endtime: '15:00' },
      { starttime: '18:00', endtime: '22:30' },
    ],
    app_preptime_array: [{ starttime: '12:00', endtime: '14:00', preptime: 5 + (i % 20), preptimelabel: 'Lunch' }],
    session_list: ['Lunch', 'Dinner'],
    tags: i % 5 === 0 ? ['popular'] : [],
    hide_item: i % 50 === 0,
    extras: { enable_as_submenu: false, enable_as_mealdeal: false, enable_as_mainitem: true },
  };
}

function submenuBody(s, items, version, priceBump = 0) {
  const names = ['Small', 'Regular', 'Large', 'Extra cheese', 'No onion'];
  const list = names.map((n) => `${n} ${s}`);
  const options = Object.fromEntries(list.map((n, k) => [n, k * 10 + priceBump]));
  const extras = Object.fromEntries(
    list.map((n, k) => [
      n,
      {
        imageurl: '',
        type: 'item',
        isHidden: false,
        shortName: '',
        price: k * 10 + priceBump,
        rules: { display: 'selection' },
      },
    ]),
  );
  const mandatory = s % 2 === 0;
  return {
    restaurant: RESTAURANT,
    title: `Choice ${String(s).padStart(3, '0')}`,
    submenu: {
      attributes: {
        ismand: mandatory,
        multiple: !mandatory,
        min: mandatory ? null : 0,
        max: mandatory ? null : 3,
        free_quantity: null,
        max_quantity: null,
        min_quantity: null,
        default: mandatory ? list[1] : '',
        description: 'Choose how you like it',
      },
      list,
      options,
      extras,
    },
    connections: { added_item_list: items, removed_item_list: [], submenu_name: `Choice ${s}` },
    ...(version ? { version } : {}),
  };
}

async function pool(count, what, task) {
  let next = 0;
  let done = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      checkDeadline(what);
      const i = next;
      next += 1;
      await task(i);
      done += 1;
      if (done % 1000 === 0) console.log(`  ${what}: ${done}/${count}`);
    }
  };
  await Promise.all(Array.from({ length: INSERT_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(`${what}: ${count} in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)}/s)`);
}

async function createMenu() {
  await call('POST', 'vendor/restaurant', {
    foodcourt: 'fc-blr-atrium',
    restid: 'bench_menu',
    name: 'Bench Menu Kitchen',
    client: 'acme',
    sitecode: 'BENCH',
    currency: 'INR',
    gstin: '29ABCDE1234F1Z5',
    vendorname: 'Bench Foods',
    fssai_no: '10012345000999',
    description: 'Benchmark restaurant',
    rest_na_message: 'Closed now',
    cuisines: 'Indian',
    extradetails: '-',
    info_link: 'https://example.test/info',
    status: 'active',
    type: 'cnc_regular',
    pricebook_path: 'standard',
  });
  for (const name of CATEGORIES) await call('POST', 'vendor/category', { restaurant: RESTAURANT, name });
  const foodids = new Array(ITEMS);
  await pool(ITEMS, 'adding items', async (i) => {
    foodids[i] = (await call('POST', 'vendor/fooditem', itemBody(i))).json.fooditem.foodid;
  });
  await pool(SUBMENUS, 'adding submenus', async (s) => {
    const connected = Array.from(
      { length: CONNECTED_PER_SUBMENU },
      (_, k) => foodids[(s * CONNECTED_PER_SUBMENU + k) % ITEMS],
    );
    await call('POST', 'vendor/submenu', submenuBody(s, connected));
  });
}

async function measureMenuReads() {
  const url = `vendor/fooditem?restaurant=${encodeURIComponent(RESTAURANT)}`;
  for (let i = 0; i < 10; i += 1) await call('GET', url); // warm-up (JIT, plans), not counted
  const times = [];
  let bytes = 0;
  for (let i = 0; i < MENU_READS; i += 1) {
    checkDeadline('measuring menu reads');
    const t0 = performance.now();
    const { json, bytes: b } = await call('GET', url);
    times.push(performance.now() - t0);
    bytes = b;
    if (json.fooditems.length !== ITEMS || json.submenus.length !== SUBMENUS) {
      throw new Error(`unexpected menu: ${json.fooditems.length} items, ${json.submenus.length} submenus`);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `menu read (${MENU_READS} requests, ${ITEMS} items, ${SUBMENUS} submenus, ${(bytes / 1024).toFixed(0)} KB): ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1])}`,
  );
}

async function measureSubmenuSaves() {
  const { json } = await call('GET', `vendor/submenu?restaurant=${encodeURIComponent(RESTAURANT)}`);
  const submenus = json.submenus;
  const times = [];
  for (let i = 0; i < SUBMENU_SAVES; i += 1) {
    checkDeadline('measuring submenu saves');
    const sm = submenus[(i * 7) % submenus.length];
    const s = Number(sm.title.replace('Choice ', ''));
    const t0 = performance.now();
    const saved = await call('PUT', `vendor/submenu/${sm.submenuid}`, submenuBody(s, [], sm.version, 1 + (i % 5)));
    times.push(performance.now() - t0);
    sm.version = saved.json.submenu.version;
  }
  times.sort((a, b) => a - b);
  console.log(
    `submenu save (${SUBMENU_SAVES} PUTs with versions): ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1])}`,
  );
}

async function measureReadsAfterWrite() {
  const url = `vendor/fooditem?restaurant=${encodeURIComponent(RESTAURANT)}`;
  const { json } = await call('GET', `vendor/submenu?restaurant=${encodeURIComponent(RESTAURANT)}`);
  const sm = json.submenus[0];
  const s = Number(sm.title.replace('Choice ', ''));
  let version = sm.version;
  const times = [];
  for (let i = 0; i < READS_AFTER_WRITE; i += 1) {
    checkDeadline('measuring reads after a write');
    version = (await call('PUT', `vendor/submenu/${sm.submenuid}`, submenuBody(s, [], version, i % 5))).json.submenu
      .version;
    const t0 = performance.now();
    await call('GET', url);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `menu read right after a write (${READS_AFTER_WRITE} requests, answer rebuilt): ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
  );
}

/** The /menu page in Chromium: first rows of the 5,000-item menu, then one item's editor. */
async function measureEditor() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log(`editor in Chromium: skipped (${WEB_DIST} is missing: run \`npm run build\` first)`);
    return;
  }
  const browser = await launchBrowser();
  try {
    const storageState = await signedInState(browser, BASE);
    const firstRows = [];
    const editorOpens = [];
    const editorComplete = [];
    const inAppOpens = [];
    for (let run = 0; run < BROWSER_RUNS; run += 1) {
      checkDeadline('measuring the editor in Chromium');
      const context = await browser.newContext({ baseURL: BASE, storageState, viewport: { width: 1366, height: 900 } });
      // In the page: when the item is clicked, when the editor's first field (Item name) and its last section
      // (Submenus) are on screen.
      await context.addInitScript(recordFirstClick);
      await context.addInitScript(recordFirst, { name: 'field', selector: '[role="dialog"] input[name="foodname"]' });
      await context.addInitScript(recordFirst, {
        name: 'complete',
        selector: '[role="dialog"] #menu-section-submenus',
      });
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(`${BASE}/menu?restaurant=${encodeURIComponent(RESTAURANT)}`);
      const firstRow = page.getByTestId('menu-item-scroller').getByRole('listitem').first();
      await firstRow.waitFor({ state: 'visible', timeout: 30_000 }).catch(async (error) => {
        await page.screenshot({ path: path.join(os.tmpdir(), 'bench-menu-failure.png') });
        throw error;
      });
      firstRows.push(performance.now() - t0);
      const rows = await page.getByTestId('menu-item-scroller').getByRole('listitem').count();
      if (rows > 200) throw new Error(`the list rendered ${rows} rows: it is not virtualised`);
      // As a user does: the list has been on screen a moment before an item is chosen.
      await page.waitForTimeout(1000);
      await firstRow.getByRole('button').first().click();
      const fieldAt = await seenAt(page, 'field');
      const completeAt = await seenAt(page, 'complete');
      const clickAt = await page.evaluate(() => window.__clickAt);
      editorOpens.push(fieldAt - clickAt);
      editorComplete.push(completeAt - clickAt);

      // In the running app: open /menu without a restaurant, then choose it in the picker, as a user does.
      await page.goto(`${BASE}/menu`);
      const picker = page.getByRole('combobox', { name: 'Restaurant' });
      await picker.fill('Bench Menu');
      const option = page.getByRole('option', { name: /Bench Menu Kitchen/ }).first();
      await option.waitFor({ state: 'visible', timeout: 30_000 });
      const t2 = performance.now();
      await option.click();
      await page
        .getByTestId('menu-item-scroller')
        .getByRole('listitem')
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      inAppOpens.push(performance.now() - t2);
      await context.close();
    }
    const sorted = (v) => [...v].sort((a, b) => a - b);
    const f = sorted(firstRows);
    const e = sorted(editorOpens);
    const c = sorted(editorComplete);
    const a = sorted(inAppOpens);
    console.log(
      `/menu in Chromium (${BROWSER_RUNS} cold contexts): first rows of ${ITEMS} items median ${ms(percentile(f, 50))}, ` +
        `max ${ms(f[f.length - 1])}`,
    );
    console.log(
      `item editor, click → its fields on screen (Item name): median ${ms(percentile(e, 50))}, max ${ms(e[e.length - 1])}; ` +
        `→ every section on screen: median ${ms(percentile(c, 50))}, max ${ms(c[c.length - 1])}`,
    );
    console.log(
      `menu opened in the running app (restaurant chosen → first rows): median ${ms(percentile(a, 50))}, ` +
        `max ${ms(a[a.length - 1])}`,
    );
  } finally {
    await browser.close();
  }
}

try {
  console.log(`starting the server on ${BASE} (DATA_DIR ${dataDir})`);
  server.start();
  await server.waitReady();
  await signIn();
  const existing = await fetch(`${API}/vendor/fooditem?restaurant=${encodeURIComponent(RESTAURANT)}`, {
    headers: { Cookie: client.cookie },
  }).then((r) => r.json());
  if (existing.result !== 'success') {
    await createMenu();
  } else if (existing.fooditems.length !== ITEMS) {
    throw new Error(`${dataDir} holds ${existing.fooditems.length} bench items, not ${ITEMS}: remove it`);
  }
  if (process.env.BENCH_ONLY !== 'editor') {
    await measureMenuReads();
    await measureSubmenuSaves();
    await measureReadsAfterWrite();
  }
  await measureEditor();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stop();
}
