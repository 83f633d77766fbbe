import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { BackgroundJob, RestaurantSummary } from '@cd/core';
import { locations, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { TRIMMED_FORMULA_NAMES } from './csv-fixtures.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

type Cell = string | number | Date;

/** The first sheet: its name, whether the header is bold, the header and the data rows ('' for empty cells). */
async function readWorkbook(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const rows: Cell[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: width }, (_, i) => (values[i] ?? '') as Cell));
  });
  return { name: sheet.name, bold: sheet.getRow(1).font?.bold === true, header: rows[0]!, rows: rows.slice(1) };
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
/** A restaurant list row as its export writes it (dates to the second: Excel keeps days as fractions). */
const restaurantCells = (r: RestaurantSummary): Cell[] => [
  r.restaurant,
  r.name,
  r.foodcourt,
  r.foodcourt_name,
  r.location,
  r.client,
  r.status,
  r.type,
  yesNo(r.hasdinein),
  yesNo(r.hasdelivery),
  yesNo(r.hide_restaurant),
  r.updated_by ?? '',
  Math.round(new Date(r.updated_at).getTime() / 1000),
];
const toSeconds = (row: Cell[]) => row.map((c) => (c instanceof Date ? Math.round(c.getTime() / 1000) : c));
/** Code-point order of lowercased text, as the lists sort text columns. */
const byText = (a: string, b: string) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe.each(backends)('resource lists and exports on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let noPages: string;
  let menu: string;

  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const get = (url: string, cookie = admin) =>
    ctx.app.inject({ method: 'GET', url: `/v2/bck${url}`, headers: { cookie: `cd_session=${cookie}` } });
  const restaurantsOf = async (query: string, cookie = admin): Promise<RestaurantSummary[]> =>
    (await get(`/vendor/restaurant?page_size=200&${query}`, cookie)).json().restaurants;
  const finished = async (id: string, cookie: string): Promise<BackgroundJob> => {
    const until = Date.now() + 30_000;
    for (;;) {
      const job = ((await get('/backgroundjobs', cookie)).json().data as BackgroundJob[]).find((j) => j.id === id);
      if (job && job.status !== 'in_progress') return job;
      if (Date.now() > until) throw new Error(`export job ${id} did not finish: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    // A low inline limit, so the exports of these few rows go both ways.
    ctx = await createTestContext(backend, { env: { EXPORT_INLINE_MAX_ROWS: '3', JOBS_POLL_SECONDS: '0.5' } });
    admin = await signIn('demo.admin');
    // 30 more organisations, in groups of three sharing a name, inserted out of order.
    const extra = Array.from({ length: 30 }, (_, i) => ({
      location: `loc-test-${String(29 - i).padStart(2, '0')}`,
      name: `Test Org ${String.fromCharCode(65 + ((29 - i) % 10))}`,
    }));
    await ctx.database.db.insert(locations).values(extra);
    await ctx.database.db.insert(users).values({
      userid: 'no.pages',
      name: 'No Pages',
      password_hash: await hashPassword('NoPages#2026'),
      login_types: ['password'],
    });
    noPages = await signIn('no.pages', 'NoPages#2026');
    // demo.menu's sites: the Atrium food court and Noodle House; give it the restaurant page.
    await ctx.database.db
      .update(users)
      .set({ pagepermissionaccess: ['restaurant', 'location'] })
      .where(eq(users.userid, 'demo.menu'));
    menu = await signIn('demo.menu');
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('sorts in the database, each way, with the key breaking ties', async () => {
    const all = await restaurantsOf('');
    const ids = all.map((r) => r.restaurant);
    // Every restaurant has the same status: the order is the key's.
    const byStatus = (await restaurantsOf('sort=status')).map((r) => r.restaurant);
    expect(byStatus).toEqual([...ids].sort(byCodePoint));
    const byStatusDesc = (await restaurantsOf('sort=status&order=desc')).map((r) => r.restaurant);
    expect(byStatusDesc).toEqual([...byStatus].reverse());

    const byName = await restaurantsOf('sort=name');
    expect(byName.map((r) => r.name)).toEqual(all.map((r) => r.name).sort(byText));
    const byNameDesc = await restaurantsOf('sort=name&order=desc');
    expect(byNameDesc.map((r) => r.restaurant)).toEqual(byName.map((r) => r.restaurant).reverse());

    // Food-court names repeat: within one, restaurants follow their key.
    const byCourt = await restaurantsOf('sort=foodcourt_name');
    const expected = [...all].sort(
      (a, b) => byText(a.foodcourt_name, b.foodcourt_name) || byCodePoint(a.restaurant, b.restaurant),
    );
    expect(byCourt.map((r) => r.restaurant)).toEqual(expected.map((r) => r.restaurant));

    // Organisations sharing a name are ordered by their id.
    const orgs = (await get('/vendor/location?sort=name&search=Test&page_size=50')).json().locations as {
      location: string;
      name: string;
    }[];
    const sorted = [...orgs].sort((a, b) => byText(a.name, b.name) || byCodePoint(a.location, b.location));
    expect(orgs.map((o) => o.location)).toEqual(sorted.map((o) => o.location));
    expect(orgs.slice(0, 3).map((o) => o.location)).toEqual(['loc-test-00', 'loc-test-10', 'loc-test-20']);
  });

  it('pages in a stable order and answers the total of the filters', async () => {
    const whole = (await get('/vendor/location?page_size=200&sort=name')).json();
    expect(whole).toMatchObject({ total: 33, page: 1, page_size: 200 });
    const first = (await get('/vendor/location?page_size=25&sort=name')).json();
    const second = (await get('/vendor/location?page=2&page_size=25&sort=name')).json();
    expect(first).toMatchObject({ total: 33, page: 1, page_size: 25 });
    expect(first.locations).toHaveLength(25);
    expect(second.locations).toHaveLength(8);
    expect([...first.locations, ...second.locations]).toEqual(whole.locations);
    const search = (await get('/vendor/location?search=test%20org%20a')).json();
    expect(search.total).toBe(3);
    // The default page is the first 25.
    expect((await get('/vendor/location')).json()).toMatchObject({ total: 33, page: 1, page_size: 25 });
  });

  it('refuses an unknown sort, order or page size with 400 naming the field', async () => {
    for (const [query, field] of [
      ['sort=password_hash', 'sort'],
      ['sort=name&order=up', 'order'],
      ['page_size=10', 'page_size'],
      ['page=0', 'page'],
    ]) {
      const res = await get(`/vendor/restaurant?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ result: 'failure', extras: { code: 'invalidRequest', field } });
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await get('/vendor/users/export?sort=secret')).statusCode).toBe(400);
  });

  it('filters restaurants and keeps the filters on every page', async () => {
    const atrium = await restaurantsOf('foodcourt=fc-blr-atrium&sort=name&order=desc');
    expect(atrium.map((r) => r.name)).toEqual(['Spice Route', 'Green Bowl', 'Dosa Corner', 'Chai Point']);
    const london = (await get('/vendor/restaurant?location=loc-london&client=globex')).json();
    expect(london.total).toBe(5);
    expect(london.restaurants.every((r: RestaurantSummary) => r.location === 'loc-london')).toBe(true);
    expect((await get('/vendor/restaurant?client=acme&search=bar')).json().total).toBe(1);
  });

  it('answers the catalogue lists whole when no page is asked for', async () => {
    const allergens = (await get('/allergens')).json();
    expect(allergens.data.length).toBe(allergens.total);
    expect(allergens.total).toBeGreaterThanOrEqual(14);
    expect(allergens.page).toBeUndefined();
    expect(Object.keys(allergens.allergens_info)).toHaveLength(allergens.total);
    const regulated = (await get('/allergens?regulated=true&sort=name&page_size=25')).json();
    expect(regulated).toMatchObject({ total: 14, page: 1, page_size: 25 });
    const names = regulated.data.map((a: { name: string }) => a.name);
    expect(names).toEqual([...names].sort(byText));

    const spice = encodeURIComponent('fc-blr-atrium:spice_route');
    const categories = (await get(`/vendor/category?restaurant=${spice}`)).json();
    expect(categories.categories.length).toBe(categories.total);
    expect(categories.total).toBeGreaterThan(0);
    const byCount = (await get(`/vendor/category?restaurant=${spice}&sort=item_count&order=desc`)).json();
    const counts = byCount.categories.map((c: { item_count: number }) => c.item_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));

    const profiles = (await get('/permission_profiles')).json();
    expect(profiles.profiles.length).toBe(profiles.total);
    const adUsers = (await get('/ad_users')).json();
    expect(adUsers.users.map((u: { userid: string }) => u.userid)).toEqual(['demo.sso@corp.controldesk.test']);
  });

  it('exports the filtered rows in the list order as a workbook', async () => {
    const res = await get('/vendor/restaurant/export?location=loc-auckland&sort=name&order=desc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="restaurants-\d{8}-\d{4}\.xlsx"$/);
    const book = await readWorkbook(res.rawPayload);
    expect(book.name).toBe('Restaurants');
    expect(book.bold).toBe(true);
    expect(book.header.slice(0, 3)).toEqual(['Restaurant id', 'Name', 'Food court id']);
    const list = await restaurantsOf('location=loc-auckland&sort=name&order=desc');
    expect(list.map((r) => r.name)).toEqual(['Sushi Go', 'Pie Shop', 'Kiwi Grill']);
    expect(book.rows.map(toSeconds)).toEqual(list.map(restaurantCells));
  });

  it('exports more rows than the inline limit through a job whose file has the same rows', async () => {
    const res = await get('/vendor/restaurant/export?sort=foodcourt_name&order=desc');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ result: 'success', job: { type: 'download', status: 'in_progress' } });
    expect(res.json().message).toMatch(/^Export started/);
    const job = await finished(res.json().job.id, admin);
    expect(job).toMatchObject({ status: 'done', message: 'Exported 15 rows', title: 'Restaurants export' });
    expect(job.filepath).toMatch(/^restaurants-\d{8}-\d{4}\.xlsx$/);
    const file = await get(`/backgroundjob/file?job_id=${job.id}`);
    expect(file.statusCode).toBe(200);
    const book = await readWorkbook(file.rawPayload);
    const list = await restaurantsOf('sort=foodcourt_name&order=desc');
    expect(book.rows.map(toSeconds)).toEqual(list.map(restaurantCells));
  });

  it("refuses users without the page and exports only the caller's sites", async () => {
    for (const path of [
      '/vendor/restaurant/export',
      '/vendor/location/export',
      '/allergens/export',
      '/vendor/users/export',
    ]) {
      const res = await get(path, noPages);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().extras.code).toBe('forbidden');
    }
    // demo.menu has five restaurants: more than the inline limit, so the job runs with its sites.
    const res = await get('/vendor/restaurant/export?sort=name', menu);
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(res.json().job.id, menu);
    expect(job.status).toBe('done');
    const book = await readWorkbook((await get(`/backgroundjob/file?job_id=${job.id}`, menu)).rawPayload);
    const own = await restaurantsOf('sort=name', menu);
    expect(own).toHaveLength(5);
    expect(book.rows.map(toSeconds)).toEqual(own.map(restaurantCells));
    // Inline too: the organisations above its sites, and nothing else.
    const orgs = await readWorkbook((await get('/vendor/location/export', menu)).rawPayload);
    expect(orgs.rows.map((r) => r[0])).toEqual(['loc-bengaluru', 'loc-london']);
  });

  it('exports the other lists with their own columns', async () => {
    const spice = encodeURIComponent('fc-blr-atrium:spice_route');
    const categories = (await get(`/vendor/category?restaurant=${spice}&sort=name`)).json().categories;
    const res = await get(`/vendor/category/export?restaurant=${spice}&sort=name`);
    const book = res.statusCode === 200 ? await readWorkbook(res.rawPayload) : null;
    if (categories.length <= 3) {
      expect(book!.rows.map((r) => r[1])).toEqual(categories.map((c: { name: string }) => c.name));
    } else {
      expect(res.statusCode).toBe(202);
    }
    const users = await readWorkbook((await get('/vendor/users/export?search=demo.a')).rawPayload);
    expect(users.name).toBe('Users');
    expect(users.rows.map((r) => r[0])).toEqual(['demo.admin']);
    const profiles = await get('/site_profiles/export');
    expect(profiles.statusCode).toBe(200);
    expect((await readWorkbook(profiles.rawPayload)).header[1]).toBe('Name');
    expect((await get(`/vendor/category/export?restaurant=nowhere:none`)).statusCode).toBe(404);
  });

  it('exports names a spreadsheet would run as formulas as plain text cells', async () => {
    // The list exports are workbooks, where a text cell is never a formula: the names come back as typed.
    const restaurant = 'fc-blr-atrium:spice_route';
    for (const name of TRIMMED_FORMULA_NAMES) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/category',
        payload: { restaurant, name },
        headers: { cookie: `cd_session=${admin}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await get(`/vendor/category/export?restaurant=${encodeURIComponent(restaurant)}&sort=name`);
    const data =
      res.statusCode === 200
        ? res.rawPayload
        : (await get(`/backgroundjob/file?job_id=${(await finished(res.json().job.id, admin)).id}`)).rawPayload;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    wb.worksheets[0]!.getColumn(2).eachCell((cell) => cells.push(cell));
    const typed = cells.filter((c) => TRIMMED_FORMULA_NAMES.includes(String(c.value)));
    expect(typed.map((c) => c.value).sort()).toEqual([...TRIMMED_FORMULA_NAMES].sort());
    expect(typed.every((c) => c.type === ExcelJS.ValueType.String)).toBe(true);
  });
});
