import { SYNC_ATTEMPTS, SYNC_EXCERPT_MAX, SYNC_TIMEOUT_MS } from '@cd/core';

export type DeliveryResult = {
  ok: boolean;
  status: number | null;
  excerpt: string;
  attempts: number;
};

export type DeliveryRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Waits between attempts (ms); default 250 then 1000. */
  backoff?: number[];
  timeoutMs?: number;
  attempts?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs one body with Node's fetch: success is any 2xx. A network error, a timeout or a 5xx is tried again
 * (at most SYNC_ATTEMPTS times in all, with a short wait); a 4xx is the receiver refusing the body and is not
 * tried again. The excerpt keeps the first 2 KB of the last answer, or the error.
 */
export async function deliver(req: DeliveryRequest): Promise<DeliveryResult> {
  const max = req.attempts ?? SYNC_ATTEMPTS;
  const backoff = req.backoff ?? [250, 1000];
  let last: DeliveryResult = { ok: false, status: null, excerpt: '', attempts: 0 };
  for (let attempt = 1; attempt <= max; attempt++) {
    try {
      const res = await fetch(req.url, {
        method: 'POST',
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(req.timeoutMs ?? SYNC_TIMEOUT_MS),
      });
      const text = await res.text().catch(() => '');
      last = { ok: res.ok, status: res.status, excerpt: text.slice(0, SYNC_EXCERPT_MAX), attempts: attempt };
      if (res.ok || res.status < 500) return last;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const why =
        e.name === 'TimeoutError'
          ? `No answer within ${(req.timeoutMs ?? SYNC_TIMEOUT_MS) / 1000} s`
          : `${e.cause?.code ?? e.name}: ${e.cause?.message ?? e.message}`;
      last = { ok: false, status: null, excerpt: why.slice(0, SYNC_EXCERPT_MAX), attempts: attempt };
    }
    if (attempt < max) await sleep(backoff[Math.min(attempt - 1, backoff.length - 1)] ?? 250);
  }
  return last;
}
