import { SYNC_ATTEMPTS, SYNC_TIMEOUT_MS } from '@cd/core';
import { postOutbound } from '../../lib/outbound-fetch.js';
import type { OutboundPolicy } from '../../lib/outbound-url.js';

export type DeliveryResult = {
  ok: boolean;
  status: number | null;
  /** A short reason of our own ("accepted", "timed out after 15 s", "refused: loopback address …"); never the answer. */
  reason: string;
  attempts: number;
};

export type DeliveryRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Which addresses may be called (the operator's allow-list; a test's resolver). */
  policy: OutboundPolicy;
  /** Waits between attempts (ms); default 250 then 1000. */
  backoff?: number[];
  timeoutMs?: number;
  attempts?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The log's reason for an HTTP answer; the status itself is logged beside it. */
export function statusReason(status: number): string {
  if (status >= 200 && status < 300) return 'accepted';
  if (status >= 300 && status < 400) return 'redirect not followed';
  if (status >= 400 && status < 500) return 'refused by the target';
  return 'target error';
}

/**
 * POSTs one body to a target address (lib/outbound-fetch: checked before each attempt and at connect, no
 * redirects, the answer's body never read): success is any 2xx. A network error, a timeout, a host not found
 * or a 5xx is tried again (at most SYNC_ATTEMPTS times in all, with a short wait); a 3xx or 4xx is the receiver's
 * answer and is not; a refused address is not tried at all.
 */
export async function deliver(req: DeliveryRequest): Promise<DeliveryResult> {
  const max = req.attempts ?? SYNC_ATTEMPTS;
  const backoff = req.backoff ?? [250, 1000];
  const timeoutMs = req.timeoutMs ?? SYNC_TIMEOUT_MS;
  let last: DeliveryResult = { ok: false, status: null, reason: '', attempts: 0 };
  for (let attempt = 1; attempt <= max; attempt++) {
    const result = await postOutbound(req.url, { headers: req.headers, body: req.body, timeoutMs }, req.policy);
    if (result.kind === 'answer') {
      const ok = result.status >= 200 && result.status < 300;
      last = { ok, status: result.status, reason: statusReason(result.status), attempts: attempt };
      if (result.status < 500) return last;
    } else {
      // A refused address would be refused on every attempt: no request left, nothing to retry.
      const made = result.kind === 'refused' ? attempt - 1 : attempt;
      last = { ok: false, status: null, reason: result.reason, attempts: made };
      if (result.kind === 'refused') return last;
    }
    if (attempt < max) await sleep(backoff[Math.min(attempt - 1, backoff.length - 1)] ?? 250);
  }
  return last;
}
