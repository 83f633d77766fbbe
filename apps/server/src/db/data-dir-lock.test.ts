import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A lock as a server killed with -9 leaves it: the lock directory, fresh, and the owner file naming its pid. */
function deadServerLock(dataDir: string, pid: number, host = os.hostname()) {
  fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'db.lock'));
  fs.writeFileSync(path.join(dataDir, 'db.lock.owner'), JSON.stringify({ host, pid, start: null }));
}

/** A pid that certainly belongs to no running process: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the embedded database directory lock', () => {
  it('takes over at once the fresh lock of a process of this host that no longer runs', async () => {
    const dataDir = tempDir();
    deadServerLock(dataDir, deadPid());
    const started = Date.now();
    const release = await lockDataDir(dataDir);
    expect(Date.now() - started).toBeLessThan(2000);
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'db.lock.owner'), 'utf8'));
    expect(owner.pid).toBe(process.pid);
    await release();
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db.lock.owner'))).toBe(false);
  });

  it('refuses while the owner runs, here or in another process', async () => {
    const dataDir = tempDir();
    const release = await lockDataDir(dataDir);
    try {
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await release();
    }
    const other = tempDir();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      deadServerLock(other, sleeper.pid!);
      await expect(lockDataDir(other)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('leaves a lock of another host to go stale (it cannot tell whether that process runs)', async () => {
    const dataDir = tempDir();
    deadServerLock(dataDir, deadPid(), 'some-other-host');
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
  });
});
