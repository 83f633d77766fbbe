import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

/** The text drawn on a PDF's pages: pdfkit writes it as hex strings in (deflated) content streams. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
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
  }
  return out.join('');
}

/** Issue 13 point 6: numbered PDF invoices; a correction issues a new invoice and a credit note, never an edit. */
describe.each(backends)('invoices on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let river: string;
  let noPage: string;
  let key: string;
  let n = 0;

  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const newOrder = async (restaurant = 'fc-blr-atrium:spice_route'): Promise<number> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: {
        order_number: `INVT-${++n}`,
        restaurant,
        channel: 'kiosk',
        order_type: 'dine_in',
        status: 'completed',
        lines: [
          { foodid: 'a', name: 'Paneer Tikka', quantity: 2, unit_price: 220, tax: 20.95 },
          { foodid: 'b', name: 'Masala Chai', quantity: 1, unit_price: 40, tax: 1.9 },
        ],
        payments: [{ tender: 'card', amount: 480 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order.order_id as number;
  };
  const call = (method: 'GET' | 'POST', url: string, cookie = admin, payload?: object) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const issue = (orderId: number, cookie = admin) => call('POST', '/invoices', cookie, { order_id: orderId });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const hash = await hashPassword('Invoice#2026');
    await ctx.database.db.insert(users).values([
      {
        userid: 'river.invoices',
        name: 'River Invoices',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['invoice'],
        sites: { locations: [], foodcourts: ['fc-ldn-river'], restaurants: [] },
      },
      {
        userid: 'no.invoices',
        name: 'No Invoices',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['preorderhistory'],
        sites: { locations: ['loc-bangalore'], foodcourts: [], restaurants: [] },
      },
    ]);
    river = await signIn('river.invoices', 'Invoice#2026');
    noPage = await signIn('no.invoices', 'Invoice#2026');
    key = (await call('POST', '/api_keys', admin, { api_client: 'invoice-test' })).json().key;
  });
  afterAll(async () => ctx.close());

  it('issues a numbered invoice with the tax identity, tax lines and totals', async () => {
    const orderId = await newOrder();
    const res = await issue(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json().invoice;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      status: 'issued',
      order_id: orderId,
      total: 480,
      currency: 'INR',
    });
    expect(invoice.number).toMatch(/^INV-[0-9A-Z]+-\d{6}$/);
    expect(invoice.document.seller).toMatchObject({
      gstin: '29ABCDE1234F1Z5',
      fssai_no: '10012345000123',
      address: expect.stringMatching(/^Unit \d+, Bengaluru Tech Park, Whitefield, Bengaluru$/),
      state: 'Karnataka',
      pincode: '560066',
    });
    expect(invoice.document.tax_lines.map((t: { label: string }) => t.label)).toEqual(['CGST', 'SGST']);
    expect(invoice.document.tax).toBe(22.85);
    // A second issue is refused: regenerate instead.
    const again = await issue(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().extras).toMatchObject({ code: 'invoiceExists', invoice_id: invoice.invoice_id });
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entity_id, String(invoice.invoice_id))));
    expect(row).toMatchObject({ action: 'issue', actor: 'demo.admin' });
  });

  it('regenerates after a correction: a new number and a credit note, both kept and downloadable', async () => {
    const orderId = await newOrder();
    const first = (await issue(orderId)).json().invoice;
    // The correction: a refund of one chai.
    const refund = await call('POST', `/orders/${orderId}/refunds`, admin, {
      kind: 'amount',
      amount: 40,
      reason: 'Chai spilt',
      idempotency_key: `r-${orderId}`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const res = await call('POST', `/invoices/${first.invoice_id}/regenerate`, admin, { reason: 'Refund after issue' });
    expect(res.statusCode, res.body).toBe(200);
    const { invoice, credit_note: credit } = res.json();
    expect(invoice.number).not.toBe(first.number);
    expect(invoice.document.refunded).toBe(40);
    expect(invoice.document.net).toBe(440);
    expect(credit).toMatchObject({
      kind: 'credit_note',
      credits_invoice_id: first.invoice_id,
      credits_number: first.number,
      total: 480,
      reason: 'Refund after issue',
    });
    expect(credit.number).toMatch(/^CN-/);
    // The old invoice is kept, superseded, pointing at the new one; the chain shows all three.
    const old = (await call('GET', `/invoices/${first.invoice_id}`)).json().invoice;
    expect(old).toMatchObject({ status: 'superseded', replaced_by_id: invoice.invoice_id, total: 480 });
    expect(old.document).toEqual(first.document);
    expect(invoice.history.map((h: { number: string }) => h.number)).toEqual([
      first.number,
      credit.number,
      invoice.number,
    ]);
    // Regenerating the old one again is refused.
    const stale = await call('POST', `/invoices/${first.invoice_id}/regenerate`, admin, { reason: 'again' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras).toMatchObject({ code: 'invoiceSuperseded', replaced_by_number: invoice.number });
    // All three PDFs download.
    for (const doc of [first, credit, invoice]) {
      const pdf = await call('GET', `/invoices/${doc.invoice_id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const text = pdfText((await call('GET', `/invoices/${invoice.invoice_id}/pdf`)).rawPayload);
    expect(text).toContain('29ABCDE1234F1Z5');
    // The supplier's address and the place of supply, as a GST tax invoice names them.
    expect(text).toContain('Bengaluru Tech Park, Whitefield, Bengaluru');
    expect(text).toContain('Karnataka 560066');
    expect(text).toContain('Place of supply: Karnataka');
    expect(text).toContain(invoice.number);
    expect(text).toContain(`replaces invoice ${first.number}`);
    const creditText = pdfText((await call('GET', `/invoices/${credit.invoice_id}/pdf`)).rawPayload);
    expect(creditText).toContain('CREDIT NOTE');
    expect(creditText).toContain(`cancels invoice ${first.number}`);
    // The same bytes at every download (drawn from the frozen document).
    const a = (await call('GET', `/invoices/${first.invoice_id}/pdf`)).rawPayload;
    const b = (await call('GET', `/invoices/${first.invoice_id}/pdf`)).rawPayload;
    expect(a.equals(b)).toBe(true);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.action, 'regenerate')));
    expect(audits.some((r) => r.entity_id === String(first.invoice_id))).toBe(true);
  });

  it('numbers without gaps under 5 parallel issues', async () => {
    const restaurant = 'fc-blr-atrium:dosa_corner';
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await newOrder(restaurant));
    // Five orders at once, plus a duplicate of each that must fail without using a number.
    const results = await Promise.all([...ids, ...ids].map((id) => issue(id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const list = (
      await call('GET', `/invoices?restaurant=${encodeURIComponent(restaurant)}&kind=invoice&page_size=100`)
    ).json();
    const seqs = list.invoices
      .map((i: { number: string }) => Number(i.number.split('-').pop()))
      .sort((x: number, y: number) => x - y);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists with filters, scoped to the caller’s sites; 403 without the page', async () => {
    const blr = await newOrder();
    const ldn = await newOrder('fc-ldn-river:noodle_house');
    const blrInv = (await issue(blr)).json().invoice;
    const ldnInv = (await issue(ldn)).json().invoice;
    // River sees only its food court.
    const mine = (await call('GET', '/invoices?page_size=200', river)).json();
    expect(mine.invoices.every((i: { foodcourt: string }) => i.foodcourt === 'fc-ldn-river')).toBe(true);
    expect(mine.invoices.map((i: { invoice_id: number }) => i.invoice_id)).toContain(ldnInv.invoice_id);
    expect((await call('GET', `/invoices/${blrInv.invoice_id}`, river)).statusCode).toBe(404);
    expect((await call('GET', `/invoices/${blrInv.invoice_id}/pdf`, river)).statusCode).toBe(404);
    expect((await issue(blr, river)).statusCode).toBe(404);
    // Filters: order, number, kind, date.
    const byOrder = (await call('GET', `/invoices?order_id=${blr}`)).json();
    expect(byOrder.invoices.map((i: { invoice_id: number }) => i.invoice_id)).toEqual([blrInv.invoice_id]);
    const byNumber = (await call('GET', `/invoices?number=${blrInv.number.toLowerCase()}`)).json();
    expect(byNumber.total).toBe(1);
    expect((await call('GET', '/invoices?kind=credit_note')).json().total).toBeGreaterThan(0);
    expect((await call('GET', '/invoices?to=2001-01-01')).json().total).toBe(0);
    expect((await call('GET', '/invoices?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    // No page: 403 everywhere.
    expect((await call('GET', '/invoices', noPage)).statusCode).toBe(403);
    expect((await issue(blr, noPage)).statusCode).toBe(403);
    expect((await call('GET', `/invoices/${blrInv.invoice_id}/pdf`, noPage)).statusCode).toBe(403);
  });

  it('refuses cancelled orders and unknown ones', async () => {
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: {
        order_number: `INVT-${++n}`,
        restaurant: 'fc-blr-atrium:spice_route',
        channel: 'app',
        order_type: 'takeaway',
        status: 'cancelled',
        lines: [{ foodid: 'a', name: 'Tea', quantity: 1, unit_price: 10 }],
      },
    });
    const cancelled = placed.json().order.order_id as number;
    expect((await issue(cancelled)).json().extras.code).toBe('orderNotInvoiceable');
    expect((await issue(999_999_999)).statusCode).toBe(404);
  });
});
