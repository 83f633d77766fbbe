// Devices at volume (issue 16): 500 simulated devices paired to counters of one food court, each sending a heartbeat
// every 10 s (with jitter) to one server on loopback for 60 s, while
//   1. the counter page is opened cold in headless Chromium: time to its first data row (target < 1 s), median of 5;
//   2. status changes (a licence disabled or enabled again) are timed from the call to the `device` event on a
//      signed-in event stream (target within 2 s), 20 changes, p95 and max;
// and the heartbeats' own latency is reported. The server runs as served (bench/lib/server.mjs) on a temporary
// embedded database with the demo seed (port 4396, 127.0.0.1 only). Run after `npm run build`:
//   node bench/devices.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, assertPortFree, benchServer, buildServer } from './lib/server.mjs';
import { launchBrowser, median, openPage, recordFirst, seenAt, signedInState } from './lib/browser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 4396;
const BASE = `http://127.0.0.1:${PORT}`;
const API = `${BASE}/v2/bck`;
const DEVICES = Number(process.env.BENCH_DEVICES ?? 500);
const COUNTERS = 25;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const FC = 'fc-blr-atrium';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(0)} ms`;

if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-devices-'));
const server = benchServer({ port: PORT, dataDir, env: { DEVICE_PAIR_RATE_PER_MINUTE: '100000' } });
const { call, signIn } = apiClient(API);

/** A signed-in event stream that records when each `device` event arrives. */
async function deviceEvents(cookie) {
  const controller = new AbortController();
  const res = await fetch(`${API}/events`, { headers: { cookie }, signal: controller.signal });
  const seen = [];
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.includes('event: device')) continue;
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) seen.push({ at: performance.now(), data: JSON.parse(data.slice(6)) });
        }
      }
    } catch {
      // closed
    }
  })();
  return { seen, close: () => controller.abort() };
}

try {
  server.start();
  await server.waitReady();
  await signIn();
  console.log(`pairing ${DEVICES} devices on ${COUNTERS} counters …`);
  const counters = [];
  for (let i = 0; i < COUNTERS; i += 1) {
    const { json } = await call('POST', 'vendor/counter', { name: `Bench counter ${i + 1}`, foodcourt: FC });
    counters.push(json.counter.counter_id);
  }
  const devices = [];
  for (let i = 0; i < DEVICES; i += 1) {
    const { json: made } = await call('POST', 'devices', {
      name: `Kiosk ${i + 1}`,
      device_type: i % 5 === 0 ? 'KDS' : 'Kiosk_android',
      counter_id: counters[i % COUNTERS],
    });
    const { json: act } = await call('POST', `devices/${made.device.device_id}/licence`, {
      action: 'license_activate',
      version: made.device.version,
    });
    const res = await fetch(`${API}/device/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: act.pairing_code, app_version: '5.0.0' }),
    });
    const paired = await res.json();
    devices.push({ id: made.device.device_id, token: paired.token, version: act.device.version + 1 });
  }

  const latencies = [];
  let failures = 0;
  let stop = false;
  const beat = async (d) => {
    const started = performance.now();
    const res = await fetch(`${API}/device/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${d.token}` },
      body: JSON.stringify({ app_version: '5.0.0' }),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!res.ok && !d.disabled) failures += 1;
  };
  const loops = devices.map(async (d, i) => {
    await sleep((i / devices.length) * 10_000);
    while (!stop) {
      await beat(d).catch(() => (failures += 1));
      await sleep(9_000 + Math.random() * 2_000);
    }
  });
  console.log(`${DEVICES} devices beating every 10 s for ${SECONDS} s …`);
  await sleep(12_000);

  // Status changes reaching a signed-in event stream.
  const watcher = apiClient(API);
  await watcher.signIn();
  const events = await deviceEvents(watcher.cookie);
  await sleep(500);
  const delays = [];
  for (let i = 0; i < 20; i += 1) {
    const d = devices[i * 7];
    const action = d.disabled ? 'license_activate' : 'license_deactivate';
    d.disabled = !d.disabled;
    const before = events.seen.length;
    const started = performance.now();
    const { json } = await call('POST', `devices/${d.id}/licence`, { action, version: d.version });
    d.version = json.device.version;
    for (let w = 0; w < 100; w += 1) {
      const hit = events.seen.slice(before).find((e) => e.data.device_id === d.id);
      if (hit) {
        delays.push(hit.at - started);
        break;
      }
      await sleep(20);
    }
    await sleep(300);
  }
  events.close();
  delays.sort((a, b) => a - b);
  console.log(
    `status change → device event on the stream: p50 ${ms(pct(delays, 50))}, p95 ${ms(pct(delays, 95))}, ` +
      `max ${ms(delays[delays.length - 1])} (${delays.length} of 20 seen; target 2 s)`,
  );

  // The counter page, cold, while the devices beat.
  const browser = await launchBrowser();
  const state = await signedInState(browser, BASE);
  const firstRows = [];
  for (let i = 0; i < 5; i += 1) {
    const context = await browser.newContext({ baseURL: BASE, storageState: state });
    await context.addInitScript(recordFirst, { name: 'row', selector: 'main table tbody tr td' });
    const page = await openPage(context);
    await page.goto(`/counterManagement?foodcourt=${FC}`);
    firstRows.push(await seenAt(page, 'row'));
    await context.close();
  }
  await browser.close();
  console.log(
    `/counterManagement first row, cold, under load: median ${ms(median(firstRows))} (runs: ${firstRows.map(ms).join(', ')}; target 1 s)`,
  );

  const left = Math.max(0, SECONDS * 1000 - 30_000);
  await sleep(left);
  stop = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  console.log(
    `heartbeats: ${latencies.length} in about ${SECONDS} s, p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, ` +
      `max ${ms(latencies[latencies.length - 1])}, ${failures} failed; server memory ${server.status('VmRSS').toFixed(0)} MB`,
  );
  if (failures > 0 || pct(delays, 95) > 2000 || median(firstRows) > 1000) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
