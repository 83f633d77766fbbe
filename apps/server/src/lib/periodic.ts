import { asSystem } from '../db/tenant-scope.js';

/**
 * Runs `task` every `everyMs` in this process, never two at once (a slow round is not overtaken by the next); a
 * failure is logged and the next round runs as usual. Returns the stop function, which waits for a running round.
 * The timer does not keep the process alive.
 */
export function every(
  everyMs: number,
  task: () => Promise<unknown>,
  log: { warn: (obj: object, msg: string) => void },
  what: string,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // Background work runs as the system, even when the timer was started inside a request.
    running ??= asSystem(task)
      .catch((err: unknown) => log.warn({ err }, `${what} failed`))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
