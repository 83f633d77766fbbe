import { describe, expect, it } from 'vitest';
import { crashHarness, signInAdmin } from './child-server.js';

/**
 * Issue 12 point 8: after `kill -9` the server on the embedded database starts again at once (the dead process's
 * lock is taken over), while two live servers on one DATA_DIR still exclude each other.
 */
describe('restarting on the embedded database after kill -9', () => {
  const harness = crashHarness('pglite', 'restart-crash');

  it('takes over the lock of the killed server at once, and still refuses a second live server', async () => {
    const env = await harness.env();
    const first = await harness.start(env);
    await signInAdmin(first.base);
    first.child.kill('SIGKILL');
    await first.exited;

    const killedAt = Date.now();
    const second = await harness.startOnce(env);
    expect(second, 'the restart was refused: the dead server’s lock was not taken over').not.toBe('locked');
    // Before: refused until the lock went stale (15 s), then started.
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    if (second === 'locked') return;
    expect((await fetch(`${second.base}/v2/bck/health`)).status).toBe(200);
    await signInAdmin(second.base);

    const third = await harness.startOnce(env);
    expect(third).toBe('locked');
    expect((await fetch(`${second.base}/v2/bck/health`)).status).toBe(200);
  }, 180_000);
});
