// The quote API at volume (issue 17): 500 active offers of every kind — most for other restaurants, some limited
// per customer, by group, by code, by time — and a 30-line cart with a customer and two codes, quoted 600 times one
// after another through POST /marketing/quote with an API key, as an ordering app calls it. Reports p50, p95 and
// max (target p95 ≤ 20 ms) and the server's memory. The server runs as served (bench/lib/server.mjs) on a temporary
// embedded database with the demo seed (port 4397, 127.0.0.1 only). Run: node bench/marketing.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, assertPortFree, benchServer, buildServer } from './lib/server.mjs';

const PORT = 4397;
const API = `http://127.0.0.1:${PORT}/v2/bck`;
const OFFERS = Number(process.env.BENCH_OFFERS ?? 500);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 600);
const SPICE = 'fc-blr-atrium:spice_route';
const FOODS = [
  'spice_route_paneer_tikka',
  'spice_route_masala_chai',
  'spice_route_mango_lassi',
  'spice_route_chicken_biryani',
];
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;

function offerBody(i, groupId) {
  const here = i % 5 === 0; // one in five is for this restaurant; the rest are elsewhere
  const rewards = [
    { kind: 'percent', percent: 5 + (i % 20), applies_to: i % 2 ? 'order' : 'items' },
    { kind: 'amount', amount: 10 + (i % 50), applies_to: 'order' },
    { kind: 'bxgy', buy: 2, get: 1, get_percent: 100, max_times: 0 },
    { kind: 'free_item', foodid: FOODS[i % FOODS.length], quantity: 1 },
    {
      kind: 'meal_deal',
      components: [
        { items: [FOODS[0], FOODS[3]], quantity: 1 },
        { items: [FOODS[1], FOODS[2]], quantity: 1 },
      ],
      price: 199,
    },
    { kind: 'delivery_fee', percent: 100 },
  ];
  const code = i % 7 === 0;
  return {
    name: `Bench offer ${i}`,
    trigger: code ? 'code' : 'auto',
    status: 'active',
    priority: i % 10,
    stacking: i % 11 === 0 ? 'exclusive' : 'stackable',
    ...(code ? { code_mode: 'shared', shared_code: `BENCH${i}` } : {}),
    conditions: {
      restaurants: [here ? SPICE : `fc-elsewhere:r${i}`],
      items: i % 3 === 0 ? [FOODS[i % FOODS.length]] : [],
      channels: i % 4 === 0 ? ['app', 'kiosk'] : [],
      ...(i % 9 === 0 ? { time_from: '11:00', time_to: '15:00' } : {}),
      ...(i % 13 === 0 ? { groups: [groupId] } : {}),
      min_spend: i % 6 === 0 ? 500 : 0,
    },
    reward: rewards[i % rewards.length],
    limits: {
      ...(i % 8 === 0 ? { uses_per_customer: 3 } : {}),
      ...(i % 10 === 0 ? { budget: 100000 } : {}),
      ...(i % 4 === 0 ? { max_discount: 150 } : {}),
    },
  };
}

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-marketing-'));
const server = benchServer({ port: PORT, dataDir });
const { call, signIn } = apiClient(API);

try {
  server.start();
  await server.waitReady();
  await signIn();
  const { json: keyAnswer } = await call('POST', 'api_keys', { api_client: 'bench-quote' });
  const { json: g } = await call('POST', 'groups', { name: 'Bench members', kind: 'static' });
  const form = new FormData();
  form.append('mode', 'append');
  form.append(
    'file',
    new Blob([`customer_ref\nBENCH-CUST\n${Array.from({ length: 5000 }, (_, i) => `M-${i}`).join('\n')}\n`]),
    'm.csv',
  );
  await call('POST', `groups/${g.group.id}/import`, form);

  console.log(`creating ${OFFERS} active offers …`);
  for (let i = 0; i < OFFERS; i += 1) await call('POST', 'offers', offerBody(i, g.group.id));

  const cart = {
    restaurant: SPICE,
    channel: 'app',
    order_type: 'delivery',
    session: 'Lunch',
    at: '2026-11-25T12:30',
    customer_ref: 'BENCH-CUST',
    codes: ['BENCH0', 'BENCH35'],
    delivery_fee: 40,
    lines: Array.from({ length: 30 }, (_, i) => ({
      foodid: FOODS[i % FOODS.length],
      quantity: 1 + (i % 3),
      unit_price: 40 + ((i * 37) % 260),
    })),
  };
  const quote = async () => {
    const started = performance.now();
    const res = await fetch(`${API}/marketing/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keyAnswer.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cart }),
    });
    const json = await res.json();
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`quote: ${res.status} ${json.message}`);
    return { took, json };
  };
  for (let i = 0; i < 50; i += 1) await quote(); // warm-up
  const times = [];
  let last;
  for (let i = 0; i < QUOTES; i += 1) {
    const { took, json } = await quote();
    times.push(took);
    last = json.quote;
  }
  times.sort((a, b) => a - b);
  const rss = server.status('VmRSS');
  console.log(
    `quote, 30 lines against ${OFFERS} active offers (${last.applied.length} applied, ${last.not_applied.length} with a reason): ` +
      `p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(times[times.length - 1])} over ${QUOTES} quotes ` +
      `(target p95 20 ms); server memory ${rss.toFixed(0)} MB`,
  );
  if (pct(times, 95) > 20) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
