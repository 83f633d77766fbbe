import { and, asc, eq } from 'drizzle-orm';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.js';
import { backends } from './harness.js';
import { menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

const TIKKA = 'spice_route_paneer_tikka';
const CHAI = 'spice_route_masala_chai';
const LASSI = 'spice_route_mango_lassi';
/** A Thursday; the four Thursdays before it are 02-13, 02-20, 02-27 and 03-06. */
const DAY = '2031-03-13';
const WEEKS = ['2031-02-13', '2031-02-20', '2031-02-27', '2031-03-06'];

/** The text a PDF shows (pdfmake's hex TJ strings in its deflated content streams), joined. */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(m[1]!, 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push(
        [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
      );
    }
    out.push(' ');
  }
  return out.join('');
}

type Line = { foodid: string; foodname: string; proposed: number; planned: number; history: number[]; note: string };
type Plan = {
  id: number;
  status: string;
  version: number;
  session: string;
  lines: Line[];
  total_proposed: number;
  total_planned: number;
  history_dates: string[];
};

/**
 * Issue 20 point 5: a production plan proposed from the same weekday's sales of the past weeks (exact numbers for
 * average, peak, buffer and the look-back), adjusted by hand (version-checked), approved (read-only until
 * reopened), refreshed keeping hand edits, and printed as a prep sheet (.xlsx read back, PDF loaded).
 */
describe.each(backends)('production planning on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  let key: string;
  let seq = 0;

  /** One completed order of the restaurant on a business date and session. */
  const sell = async (date: string, session: string, lines: [string, number][]) => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: {
        order_number: `PP-${backend}-${++seq}`,
        restaurant: SPICE,
        channel: 'pos',
        order_type: 'dine_in',
        status: 'completed',
        session,
        business_date: date,
        placed_at: `${date}T07:00:00Z`,
        lines: lines.map(([foodid, quantity]) => ({ foodid, name: foodid, quantity, unit_price: 10, tax: 0 })),
        payments: [{ tender: 'card', amount: lines.reduce((n, [, q]) => n + q * 10, 0) }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order.order_id as number;
  };
  const propose = (body: object, as = admin) =>
    as('POST', '/production_plans/propose', { restaurant: SPICE, plan_date: DAY, ...body });
  const plan = async (id: number) => {
    const res = await admin('GET', `/production_plans/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().plan as Plan;
  };
  const brief = (p: Plan) => p.lines.map((l) => [l.foodid, l.history, l.proposed, l.planned]);

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
    key = (await admin('POST', '/api_keys', { api_client: 'production-test' })).json().key;
    // Tikka 10, 12, 11, 13 at lunch on the four Thursdays; chai 4 and 2 at lunch, 5 more at dinner on 03-06.
    const tikka = [10, 12, 11, 13];
    const chai = [0, 4, 0, 2];
    for (const [i, date] of WEEKS.entries()) {
      await sell(date, 'Lunch', [[TIKKA, tikka[i]!], ...(chai[i] ? [[CHAI, chai[i]!] as [string, number]] : [])]);
    }
    await sell('2031-03-06', 'Dinner', [[CHAI, 5]]);
    // Not the same weekday (a Wednesday), and a Thursday eight weeks back: outside a four-week look-back.
    await sell('2031-03-12', 'Lunch', [[LASSI, 9]]);
    await sell('2031-01-16', 'Lunch', [[LASSI, 5]]);
  });
  afterAll(async () => t.close());

  let lunch: Plan;

  it('proposes the average of the same weekdays, rounded up, and leaves out items not sold in the window', async () => {
    const res = await propose({ session: 'Lunch' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true, kept: 0, message: 'Plan proposed with 2 items' });
    lunch = res.json().plan;
    expect(lunch).toMatchObject({ status: 'draft', session: 'Lunch', lookback_weeks: 4, history_dates: WEEKS });
    expect(brief(lunch)).toEqual([
      [TIKKA, [10, 12, 11, 13], 12, 12], // 11.5 → 12
      [CHAI, [0, 4, 0, 2], 2, 2], // 1.5 → 2
    ]);
    expect(lunch).toMatchObject({ total_proposed: 14, total_planned: 14, version: 1 });
    const list = (await admin('GET', `/production_plans?restaurant=${SPICE}`)).json();
    expect(list.total).toBe(1);
    expect(list.plans[0]).toMatchObject({ id: lunch.id, line_count: 2, total_planned: 14 });
    const sessions = (await admin('GET', `/production_plans/sessions?restaurant=${SPICE}`)).json().sessions;
    expect(sessions[0]).toBe('all_day');
    expect(sessions).toEqual(expect.arrayContaining(['Lunch', 'Dinner']));
  });

  it('all day with peak, a buffer and eight weeks: every session, 80 % of the highest plus 10 %', async () => {
    const res = await propose({ session: 'all_day', lookback_weeks: 8, method: 'peak', buffer_pct: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const allDay = res.json().plan as Plan;
    expect(brief(allDay)).toEqual([
      [TIKKA, [0, 0, 0, 0, 10, 12, 11, 13], 12, 12], // 13 × 0.8 × 1.1 = 11.44 → 12
      [CHAI, [0, 0, 0, 0, 0, 4, 0, 7], 7, 7], // 7 × 0.8 × 1.1 = 6.16 → 7
      [LASSI, [5, 0, 0, 0, 0, 0, 0, 0], 5, 5], // 5 × 0.8 × 1.1 = 4.4 → 5
    ]);
    // Bad input is refused with the field named, and changes nothing.
    const bad = await propose({ session: 'Lunch', lookback_weeks: 13 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('lookback_weeks');
    expect((await propose({ session: 'Lunch', buffer_pct: 101 })).statusCode).toBe(400);
    expect((await plan(lunch.id)).version).toBe(1);
    // Three first proposals of one day and session at once make one draft; the others refresh it.
    const racing = await Promise.all([1, 2, 3].map(() => propose({ session: 'Dinner' })));
    for (const r of racing) expect(r.statusCode, r.body).toBe(200);
    expect(racing.filter((r) => r.json().created)).toHaveLength(1);
    const dinnerIds = new Set(racing.map((r) => r.json().plan.id as number));
    expect(dinnerIds.size).toBe(1);
    const dinner = await plan([...dinnerIds][0]!);
    expect(brief(dinner)).toEqual([[CHAI, [0, 0, 0, 5], 2, 2]]);
    expect((await admin('DELETE', `/production_plans/${dinner.id}?version=${dinner.version}`)).statusCode).toBe(200);
    // A draft is deleted; with a stale version it is not.
    expect((await admin('DELETE', `/production_plans/${allDay.id}?version=9`)).statusCode).toBe(409);
    expect((await admin('DELETE', `/production_plans/${allDay.id}?version=${allDay.version}`)).statusCode).toBe(200);
    expect((await admin('GET', `/production_plans/${allDay.id}`)).statusCode).toBe(404);
  });

  it('saves hand adjustments with the version; a stale version is 409 and bad numbers 400, changing nothing', async () => {
    const save = (body: object) => admin('PUT', `/production_plans/${lunch.id}`, body);
    const ok = await save({
      version: 1,
      notes: 'Cricket match on the lawn',
      lines: [{ foodid: TIKKA, planned: 15, note: 'School trip' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().plan).toMatchObject({ version: 2, total_planned: 17, notes: 'Cricket match on the lawn' });
    const stale = await save({ version: 1, lines: [{ foodid: TIKKA, planned: 1 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    const negative = await save({ version: 2, lines: [{ foodid: TIKKA, planned: -1 }] });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('lines.0.planned');
    expect((await save({ version: 2, lines: [{ foodid: TIKKA, planned: 1_000_000 }] })).statusCode).toBe(400);
    expect((await save({ version: 2, lines: [{ foodid: TIKKA, planned: 1, note: 'x'.repeat(201) }] })).statusCode).toBe(
      400,
    );
    const unknown = await save({ version: 2, lines: [{ foodid: 'noodle_house_gyoza', planned: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().extras.field).toBe('lines.0.foodid');
    lunch = await plan(lunch.id);
    expect(lunch.version).toBe(2);
    expect(lunch.lines.find((l) => l.foodid === TIKKA)).toMatchObject({ planned: 15, note: 'School trip' });
  });

  it('refreshing the draft takes the new sales net of refunds and keeps the hand-adjusted line', async () => {
    const order = await sell('2031-03-06', 'Lunch', [
      [TIKKA, 4],
      [CHAI, 2],
    ]);
    // Two of the four tikkas are refunded: the day counts 13 + 4 − 2 = 15.
    const lines = (await admin('GET', `/orders/${order}`)).json().order.lines as { line_id: number; foodid: string }[];
    const refund = await admin('POST', `/orders/${order}/refunds`, {
      kind: 'lines',
      lines: [{ line_id: lines.find((l) => l.foodid === TIKKA)!.line_id, quantity: 2 }],
      reason: 'Cold',
      idempotency_key: `pp-refund-${backend}`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const res = await propose({ session: 'Lunch' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: false, kept: 1 });
    expect(res.json().message).toContain('1 hand-adjusted line was kept');
    lunch = res.json().plan;
    expect(brief(lunch)).toEqual([
      [TIKKA, [10, 12, 11, 15], 12, 15], // the proposal 12, the hand's 15 stays
      [CHAI, [0, 4, 0, 4], 2, 2],
    ]);
    expect(lunch.lines[0]!.note).toBe('School trip');
    expect(lunch.version).toBe(3);
  });

  it('an approved plan is read-only until reopened', async () => {
    const approved = await admin('POST', `/production_plans/${lunch.id}/approve`, { version: lunch.version });
    expect(approved.statusCode, approved.body).toBe(200);
    lunch = approved.json().plan;
    expect(lunch).toMatchObject({ status: 'approved', version: 4 });
    const edit = await admin('PUT', `/production_plans/${lunch.id}`, {
      version: 4,
      lines: [{ foodid: CHAI, planned: 9 }],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().extras.code).toBe('planApproved');
    expect((await propose({ session: 'Lunch' })).statusCode).toBe(409);
    expect((await admin('DELETE', `/production_plans/${lunch.id}?version=4`)).statusCode).toBe(409);
    expect((await plan(lunch.id)).lines.find((l) => l.foodid === CHAI)!.planned).toBe(2);
    const list = (await admin('GET', `/production_plans?restaurant=${SPICE}&status=approved`)).json();
    expect(list.plans.map((p: Plan) => p.id)).toEqual([lunch.id]);

    const reopened = await admin('POST', `/production_plans/${lunch.id}/reopen`, { version: 4 });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().plan).toMatchObject({ status: 'draft', version: 5 });
    const again = await admin('PUT', `/production_plans/${lunch.id}`, {
      version: 5,
      lines: [{ foodid: CHAI, planned: 3 }],
    });
    expect(again.statusCode, again.body).toBe(200);
    lunch = again.json().plan;
    expect(lunch.total_planned).toBe(18);
    // Every change is in the audit trail, by whom, in order; refused ones are not.
    const trail = await t.ctx.database.db
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'production_plan'), eq(auditLog.entity_id, String(lunch.id))))
      .orderBy(asc(auditLog.id));
    expect(trail.map((a) => a.action)).toEqual(['propose', 'update', 'refresh', 'approve', 'reopen', 'update']);
    expect(new Set(trail.map((a) => a.actor))).toEqual(new Set(['demo.admin']));
  });

  it('prints the prep sheet: the .xlsx rows are the plan, the PDF is a PDF', async () => {
    const xlsx = await admin('GET', `/production_plans/${lunch.id}/prep_sheet?format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('Prep sheet Spice Route 2031-03-13 Lunch.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name.length).toBeLessThanOrEqual(31);
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[2]).toEqual(['Item', ...WEEKS, 'Proposed', 'Planned', 'Note', 'Checked']);
    const names = new Map(lunch.lines.map((l) => [l.foodid, l.foodname]));
    expect(rows.slice(3, 5)).toEqual([
      [names.get(TIKKA), 10, 12, 11, 15, 12, 15, 'School trip', ''],
      [names.get(CHAI), 0, 4, 0, 4, 2, 3, '', ''],
    ]);
    expect(rows[5]).toEqual(['Total', 10, 16, 11, 19, 14, 18, '', '']);

    const pdf = await admin('GET', `/production_plans/${lunch.id}/prep_sheet?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(pdf.rawPayload);
    for (const shown of [
      'Prep sheet: Spice Route',
      'Paneer Tikka',
      '10 · 12 · 11 · 15',
      'School trip',
      'Checked',
      'Prepared by',
    ])
      expect(text).toContain(shown);
  });

  it("refuses a user without the page (403) and another site's restaurant (404: it is not theirs to know of)", async () => {
    const menuOnly = await t.user('pp.menu', { pages: ['editMenu'] });
    expect((await menuOnly('GET', `/production_plans?restaurant=${SPICE}`)).statusCode).toBe(403);
    expect((await propose({ session: 'Lunch' }, menuOnly)).statusCode).toBe(403);
    expect((await menuOnly('GET', `/production_plans/${lunch.id}/prep_sheet?format=xlsx`)).statusCode).toBe(403);

    const london = await t.user('pp.london', { pages: ['productionPlanning'], sites: { restaurants: [NOODLE] } });
    expect((await london('GET', `/production_plans?restaurant=${NOODLE}`)).statusCode).toBe(200);
    expect((await london('GET', `/production_plans?restaurant=${SPICE}`)).statusCode).toBe(404);
    expect((await london('GET', `/production_plans/${lunch.id}`)).statusCode).toBe(404);
    expect((await propose({ session: 'Dinner' }, london)).statusCode).toBe(404);
    expect(
      (await london('PUT', `/production_plans/${lunch.id}`, { version: lunch.version, lines: [] })).statusCode,
    ).toBe(404);
    expect((await admin('GET', `/production_plans?restaurant=${SPICE}`)).json().total).toBe(1);
  });

  it('adds an item of the restaurant by hand: no history, nothing proposed, planned as typed', async () => {
    const dinner = (await propose({ session: 'Dinner' })).json().plan as Plan;
    const before = dinner.lines.length;
    const res = await admin('PUT', `/production_plans/${dinner.id}`, {
      version: dinner.version,
      lines: [{ foodid: LASSI, planned: 6, note: 'Festival special' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().plan as Plan;
    expect(saved.lines).toHaveLength(before + 1);
    expect(saved.lines.at(-1)).toMatchObject({
      foodid: LASSI,
      history: [],
      proposed: 0,
      planned: 6,
      note: 'Festival special',
    });
  });
});
