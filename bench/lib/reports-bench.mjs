// The reports part of bench/orders.mjs (issue 14): on the 1,000,000-order database,
//   1. a month's report for all restaurants — sales by restaurant, sales by day and item-wise — p50/p95/max over
//      30 requests each, spread over the months of the history (target p95 ≤ 1 s);
//   2. the item-wise export of a month as .xlsx through the background task, with the server's resident memory
//      sampled every 100 ms while it runs (target peak < 400 MB).
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(0)} ms`;
const day = (d) => d.toISOString().slice(0, 10);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every client lists the three bench reports, so an administrator's run covers every restaurant. */
async function defineBenchReports(call) {
  const { json } = await call('GET', 'reports/definitions');
  for (const c of json.clients) {
    const lists = c.reportListJSON;
    lists.generalReport = {
      ...lists.generalReport,
      bench_by_restaurant: { label: 'Bench: sales by restaurant', kind: 'sales_by_restaurant' },
      bench_by_day: { label: 'Bench: sales by day', kind: 'sales_by_day' },
      bench_items: { label: 'Bench: item-wise', kind: 'item_wise' },
    };
    await call('PUT', `reports/definitions/${c.client}`, { version: c.version, reportListJSON: lists });
  }
}

export async function reportsBench({ call, server, span }) {
  await defineBenchReports(call);
  const last = new Date(`${span.last}T00:00:00Z`);
  const months = Math.max(1, Math.floor((last - new Date(`${span.first}T00:00:00Z`)) / (30 * 86_400_000)));
  const monthEnding = (i) => {
    const to = new Date(last.getTime() - (i % months) * 30 * 86_400_000);
    return { from: day(new Date(to.getTime() - 29 * 86_400_000)), to: day(to) };
  };
  for (const report of ['bench_by_restaurant', 'bench_by_day', 'bench_items']) {
    const times = [];
    let rows = 0;
    for (let i = 0; i < 30; i += 1) {
      const started = performance.now();
      const { json } = await call('POST', 'reports/run', { report, ...monthEnding(i), compare: 'previous_period' });
      times.push(performance.now() - started);
      rows = json.rows.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `report ${report}, a month of all restaurants with the previous month compared (${rows} rows): ` +
        `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1])}`,
    );
  }

  const before = server.status('VmRSS');
  let peak = before;
  const started = performance.now();
  const { json } = await call('POST', 'reports/export', { report: 'bench_items', ...monthEnding(0), format: 'xlsx' });
  const id = json.job.id;
  let job;
  for (let i = 0; i < 3000; i += 1) {
    peak = Math.max(peak, server.status('VmRSS'));
    job = (await call('GET', 'backgroundjobs')).json.data.find((j) => j.id === id);
    if (job && job.status !== 'in_progress') break;
    await sleep(100);
  }
  console.log(
    `item-wise export of a month (.xlsx, background task): ${job?.status} in ${ms(performance.now() - started)} ` +
      `(${job?.message ?? ''}); server memory ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );
  if (job?.status !== 'done' || peak >= 400) process.exitCode = 1;
}
