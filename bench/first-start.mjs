// Fresh clone to the first page answering (issue 34): what a newcomer waits for between `git clone` and a page in the
// browser. Makes a fresh copy of the repository in a temporary directory, runs `npm start` there exactly as the
// README says (install, build, serve) with a fresh data directory on a free port (127.0.0.1 only), and prints the
// time of each phase, told apart by the banners npm prints when it starts a script:
//   - clone:   the copy itself (git clone of HEAD, or a copy of the working tree / another directory);
//   - install: `npm start` until its `build` script begins (npm install; the npm cache is as this machine has it);
//   - build:   until the server itself starts (scripts/start.mjs's "> start the server"; before it, the server's own
//              start script or the old `serve`): the server bundle, then the Vite build with the database's first-start
//              work beside it (migrations, the demo seed);
//   - serve:   until GET /v2/bck/health answers 200 (before scripts/start.mjs this held the first start's migrations
//              and demo seed on the embedded database), and until GET / answers the web app's page;
//   - total:   from the start of `npm start` until the page answers (and with the copy).
// It also counts the files and megabytes that the install left in node_modules. Everything it started is ended and
// the temporary directory removed, also on failure or after the time limit (BENCH_TIMEOUT_S, 600 s by default).
// Run:
//   npm run bench:first-start                   a `git clone` of the committed HEAD
//   npm run bench:first-start -- --worktree     a copy of the working tree (tracked and untracked files that git
//                                               does not ignore): measures changes not committed yet
//   npm run bench:first-start -- --from <dir>   a copy of <dir> without node_modules, dist, data and .git
//   BENCH_KEEP=1 keeps the temporary directory (its path is printed).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '..');
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 600);
const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
const mode = fromIndex >= 0 ? 'from' : args.includes('--worktree') ? 'worktree' : 'clone';
const fromDir = fromIndex >= 0 ? path.resolve(args[fromIndex + 1] ?? '') : null;
if (mode === 'from' && !fs.existsSync(path.join(fromDir, 'package.json'))) {
  console.error(`--from needs a directory with the repository's package.json (got ${fromDir})`);
  process.exit(2);
}

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-first-start-'));
const repo = path.join(tmp, 'control-desk');
const dataDir = path.join(tmp, 'data');
let child = null;

/** Signals `npm start` and everything it started (it runs in a process group of its own). */
function signalAll(signal) {
  if (!child) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}
function removeTemp() {
  if (process.env.BENCH_KEEP) console.log(`kept ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
/** Given up (time limit, Ctrl-C): everything it started is killed at once and the directory removed. */
function abort(message, code) {
  console.error(message);
  signalAll('SIGKILL');
  removeTemp();
  process.exit(code);
}
const deadline = setTimeout(() => abort(`\nnot done within ${TIMEOUT_S} s: stopped`, 1), TIMEOUT_S * 1000);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => abort(`\n${signal}: stopped`, 130));

function run(cmd, argv, options = {}) {
  const r = spawnSync(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28, ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed (${r.status ?? r.signal})`);
  return r.stdout;
}

/** The copy: what a newcomer gets from `git clone` (or the same files from the working tree or another directory). */
function copyRepository() {
  if (mode === 'clone') {
    run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, repo]);
    return `git clone of ${run('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']).toString().trim()}`;
  }
  if (mode === 'worktree') {
    // Tracked and untracked files that git does not ignore (so no node_modules, dist or data), as they are now.
    const listed = run('git', ['-C', ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'])
      .toString()
      .split('\0')
      .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
    for (const f of listed) {
      fs.mkdirSync(path.dirname(path.join(repo, f)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, f), path.join(repo, f));
      fs.chmodSync(path.join(repo, f), fs.statSync(path.join(ROOT, f)).mode);
    }
    return `working tree of ${ROOT} (${listed.length} files)`;
  }
  // What a clone would not have: installed packages, builds, data, test output (as .gitignore lists them).
  const skip = (rel) =>
    path.basename(rel) === 'node_modules' ||
    ['.git', 'data', 'test-results', 'playwright-report', 'apps/web/.e2e-data'].includes(rel) ||
    /^(apps|packages)\/[^/]+\/(dist|test-results)$/.test(rel) ||
    rel.endsWith('.tsbuildinfo');
  fs.cpSync(fromDir, repo, { recursive: true, filter: (src) => !skip(path.relative(fromDir, src)) });
  return `copy of ${fromDir}`;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Files and megabytes under a directory (symbolic links are counted, not followed). */
function countFiles(dir) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        files += 1;
        if (e.isFile()) bytes += fs.statSync(p).size;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return { files, mb: bytes / 1024 / 1024 };
}

/**
 * CPU seconds spent so far by `npm start` and everything it started: user + system time of the live members of its
 * process group with what their finished children left them (Linux /proc; null elsewhere). Less dependent on what
 * else the machine is doing than the wall-clock times.
 */
function cpuSeconds() {
  if (!child || !fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[2]) === child.pid) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100; // USER_HZ
}

async function main() {
  const t0 = performance.now();
  const what = copyRepository();
  const tCopied = performance.now();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(
    `first start of ${what}\n  in ${repo}, data in ${dataDir}, port ${port}, npm ${run('npm', ['-v']).toString().trim()}, ` +
      `load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
  );

  // The environment a newcomer has: no NODE_ENV (so the server runs in development, with the demo data), the port and
  // data directory chosen here.
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base };
  // (npm's own variables too, when this runs as an npm script: the npm started here sets its own.)
  for (const k of Object.keys(env)) if (['NODE_ENV', 'INIT_CWD'].includes(k) || /^npm_/i.test(k)) delete env[k];
  const tStart = performance.now();
  child = spawn('npm', ['start'], { cwd: repo, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const marks = { install: null, build: null };
  // npm start by scripts/start.mjs prepares the database during the build (its own `start --prepare`).
  const newStart = fs.existsSync(path.join(repo, 'scripts', 'start.mjs'));
  const cpu = { install: null, build: null, health: null };
  const log = fs.createWriteStream(path.join(tmp, 'npm-start.log'));
  let exited = null;
  child.on('exit', (code, signal) => (exited = code ?? signal));
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    log.write(chunk);
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      // scripts/start.mjs says when it starts the server after building (and preparing the database beside the
      // build); before it, npm's banner of a script of the repository's own packages: "> name@version script".
      const started = line.trim() === '> start the server';
      const m = started ? [line, 'start'] : /^> (?:control-desk|@cd\/[\w-]+)(?:@\S*)? ([\w:-]+)$/.exec(line.trim());
      if (!m) continue;
      if (m[1] === 'build' && marks.install === null) {
        marks.install = performance.now();
        cpu.install = cpuSeconds();
      } else if (
        (started || (!newStart && (m[1] === 'serve' || m[1] === 'start'))) &&
        marks.install !== null &&
        marks.build === null
      ) {
        marks.build = performance.now();
        cpu.build = cpuSeconds();
      }
    }
  });
  child.stderr.on('data', (chunk) => log.write(chunk));

  const answers = async (url, check) => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      return res.ok && check(res, await res.text());
    } catch {
      return false;
    }
  };
  let tHealth = null;
  let tPage = null;
  while (tPage === null) {
    if (exited !== null) {
      log.end();
      await sleep(100);
      const tail = fs.readFileSync(path.join(tmp, 'npm-start.log'), 'utf8').split('\n').slice(-40).join('\n');
      throw new Error(`npm start exited (${exited}) before the page answered; the end of its output:\n${tail}`);
    }
    if (tHealth === null && (await answers(`${base}/v2/bck/health`, () => true))) {
      tHealth = performance.now();
      cpu.health = cpuSeconds();
    }
    if (tHealth !== null && (await answers(`${base}/`, (_res, body) => /<div id="root"|<script/i.test(body))))
      tPage = performance.now();
    else await sleep(200);
  }

  const nm = countFiles(path.join(repo, 'node_modules'));
  const cpuOf = (to, from) =>
    cpu[to] !== null && (from === null || cpu[from] !== null) ? cpu[to] - (cpu[from] ?? 0) : null;
  const rows = [
    ['clone', tCopied - t0],
    ['install', (marks.install ?? tStart) - tStart, cpuOf('install', null)],
    ['build', (marks.build ?? marks.install ?? tStart) - (marks.install ?? tStart), cpuOf('build', 'install')],
    ['serve to health', tHealth - (marks.build ?? tStart), cpuOf('health', 'build')],
    ['health to page', tPage - tHealth],
    ['npm start total', tPage - tStart, cpuOf('health', null)],
    ['clone + npm start', tPage - t0],
  ];
  console.log(`\n  ${'phase'.padEnd(20)} ${'wall'.padStart(8)} ${'CPU'.padStart(8)}`);
  for (const [label, ms, cpuS] of rows)
    console.log(`  ${label.padEnd(20)} ${s(ms).padStart(8)} ${cpuS == null ? '' : `${cpuS.toFixed(1)} s`.padStart(8)}`);
  console.log(`  node_modules         ${nm.files} files, ${Math.round(nm.mb)} MB`);
  if (marks.install === null || marks.build === null)
    console.log('  (npm printed no banner for a phase: its time is counted in the next one)');
  console.log(
    JSON.stringify({
      what,
      clone_s: +((tCopied - t0) / 1000).toFixed(1),
      install_s: +(rows[1][1] / 1000).toFixed(1),
      build_s: +(rows[2][1] / 1000).toFixed(1),
      serve_s: +(rows[3][1] / 1000).toFixed(1),
      npm_start_s: +(rows[5][1] / 1000).toFixed(1),
      total_s: +(rows[6][1] / 1000).toFixed(1),
      cpu_s: { install: rows[1][2], build: rows[2][2], serve: rows[3][2], npm_start: rows[5][2] },
      node_modules_files: nm.files,
      loadavg: os.loadavg().map((x) => +x.toFixed(1)),
    }),
  );
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  // The server gets its shutdown (it closes the embedded database) before the directory goes; whatever of the
  // process group is still there after 10 s is killed.
  signalAll('SIGTERM');
  for (let i = 0; i < 100 && signalAll(0); i += 1) await sleep(100);
  signalAll('SIGKILL');
  clearTimeout(deadline);
  removeTemp();
}
