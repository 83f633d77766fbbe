import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * The embedded database's directory lock (docs/decisions.md, "Embedded database lock"). proper-lockfile's
 * `DATA_DIR/db.lock` (a directory, refreshed every 5 s, stale after 15 s) keeps two live servers apart. Next to it,
 * `db.lock.owner` names the holder: host, pid and the process's start time. A server that finds the lock held
 * by a process of this host that no longer runs (killed with -9, out of memory) takes it over at once instead of
 * waiting the 15 s for it to go stale. A takeover happens under its own lock (`db.lock.takeover`, made with mkdir)
 * and only while the owner file still names the dead process, so two servers starting together cannot both win.
 */

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is already in use by another Control Desk server. ` +
        'Stop that server first, or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

type Owner = { host: string; pid: number; start: string | null };

const STALE_MS = 15_000;
const UPDATE_MS = 5_000;
/** A takeover left behind by a process that died during it (it takes milliseconds). */
const TAKEOVER_STALE_MS = 10_000;

/** When the process started, as the kernel counts it (Linux); null where /proc is not available. */
function startTime(pid: number | 'self'): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may hold spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Lock directories this process holds (a second open of the same directory here is refused too). */
const held = new Set<string>();

/** Whether the owner still runs: the same pid alive on this host and, where the kernel says, started then. */
function ownerAlive(owner: Owner, lockDir: string): boolean {
  // Our own pid: alive only if we hold this lock; otherwise a dead server's pid was reused by us (a container).
  if (owner.pid === process.pid) return held.has(lockDir);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.start === null) return true;
  const now = startTime(owner.pid);
  return now === null || now === owner.start;
}

function readOwner(file: string): Owner | null {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    if (typeof v.host !== 'string' || typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0) return null;
    return { host: v.host, pid: v.pid, start: typeof v.start === 'string' ? v.start : null };
  } catch {
    return null;
  }
}

/**
 * Removes the lock of a dead owner of this host; true when it did. Serialised by the takeover directory; the
 * owner file is read again inside it, so a lock meanwhile taken by a live server is left alone.
 */
function takeOverDeadLock(lockDir: string, ownerFile: string): boolean {
  const first = readOwner(ownerFile);
  if (!first || first.host !== os.hostname() || ownerAlive(first, lockDir)) return false;
  const takeover = `${lockDir}.takeover`;
  try {
    fs.mkdirSync(takeover);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = Date.now() - fs.statSync(takeover, { throwIfNoEntry: false })!.mtimeMs;
    if (!(age > TAKEOVER_STALE_MS)) return false;
    fs.rmSync(takeover, { recursive: true, force: true });
    return false;
  }
  try {
    const owner = readOwner(ownerFile);
    if (!owner || owner.pid !== first.pid || owner.start !== first.start || ownerAlive(owner, lockDir)) return false;
    fs.rmSync(ownerFile, { force: true });
    fs.rmSync(lockDir, { recursive: true, force: true });
    return true;
  } finally {
    fs.rmSync(takeover, { recursive: true, force: true });
  }
}

/** Locks `<dataDir>/db` for this process; resolves to the release function. Throws DataDirLockedError if held. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dbDir = path.join(dataDir, 'db');
  const lockDir = path.join(dataDir, 'db.lock');
  const ownerFile = path.join(dataDir, 'db.lock.owner');
  fs.mkdirSync(dbDir, { recursive: true });
  const lock = () =>
    lockfile.lock(dbDir, {
      lockfilePath: lockDir,
      stale: STALE_MS,
      update: UPDATE_MS,
      onCompromised: (err) => {
        // Someone else took the directory: stop rather than write to a database we no longer own.
        console.error(`Lost the lock on ${dbDir}: ${err.message}`);
        process.exit(1);
      },
    });
  let release: () => Promise<void>;
  try {
    release = await lock();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    if (!takeOverDeadLock(lockDir, ownerFile)) throw new DataDirLockedError(dbDir);
    try {
      release = await lock();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dbDir);
      throw again;
    }
  }
  const owner: Owner = { host: os.hostname(), pid: process.pid, start: startTime('self') };
  fs.writeFileSync(ownerFile, JSON.stringify(owner));
  held.add(lockDir);
  return async () => {
    held.delete(lockDir);
    if (readOwner(ownerFile)?.pid === process.pid) fs.rmSync(ownerFile, { force: true });
    await release();
  };
}
