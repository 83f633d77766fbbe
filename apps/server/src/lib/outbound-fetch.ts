import type { LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import {
  addressRefusal,
  checkOutboundUrl,
  hostAllowed,
  rangeRefusal,
  systemResolver,
  type OutboundPolicy,
} from './outbound-url.js';

/** The connect-time refusal: the address a host name resolved to when connecting is not allowed. */
export class OutboundRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
}

/**
 * A `lookup` for the connection itself (net.connect's option): resolves the host again and refuses when any
 * address is not allowed, so the address connected to is the address checked even if DNS changed since the
 * check (DNS rebinding). A literal address never reaches it (net.connect does not look those up; the check
 * before the request covers them).
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    (policy.resolve ?? systemResolver)(hostname).then(
      (found) => {
        if (!hostAllowed(hostname, policy.allow)) {
          for (const { address } of found) {
            const range = addressRefusal(address, policy.allow);
            if (range) return callback(new OutboundRefusedError(rangeRefusal(range, address, hostname).reason), '');
          }
        }
        const family = ({ 4: 4, 6: 6, IPv4: 4, IPv6: 6 } as Record<string, number>)[String(options.family)] ?? 0;
        const usable = family ? found.filter((a) => a.family === family) : found;
        if (usable.length === 0) {
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        }
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: Error) => callback(err, ''),
    );
  };
}

/** What came of one request: an answer's status only (its body is never read), or why there was none. */
export type OutboundResult =
  { kind: 'answer'; status: number } | { kind: 'refused' | 'unresolved' | 'network' | 'timeout'; reason: string };

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'timed out',
};

/** A few words of our own for a failed request (never the target's text). */
export function networkReason(err: unknown, timeoutMs: number): OutboundResult {
  const e = err as Error & { cause?: Error & { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    return { kind: 'timeout', reason: `timed out after ${timeoutMs / 1000} s` };
  }
  const cause = e.cause ?? e;
  const code = (cause as { code?: string }).code;
  if (code === 'ERR_OUTBOUND_REFUSED') return { kind: 'refused', reason: cause.message };
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) {
    return { kind: 'network', reason: `TLS certificate not accepted (${code})` };
  }
  const what = (code && NETWORK_REASONS[code]) ?? 'network error';
  return { kind: 'network', reason: `${what} (${code ?? cause.name})` };
}

/**
 * POSTs to an address a user typed: checks it first (checkOutboundUrl), then connects only to an allowed address
 * (guardedLookup), follows no redirect, and answers the status alone — the answer's body is discarded unread.
 */
export async function postOutbound(
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number },
  policy: OutboundPolicy,
): Promise<OutboundResult> {
  const check = await checkOutboundUrl(url, policy);
  if (!check.ok) return { kind: check.kind === 'unresolved' ? 'unresolved' : 'refused', reason: check.reason };
  // undici (the fetch Node ships, as a package) is loaded on the first send, not when the server starts.
  const { Agent, fetch } = await import('undici');
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(policy) } });
  try {
    const res = await fetch(check.url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      dispatcher,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    await res.body?.cancel().catch(() => undefined);
    return { kind: 'answer', status: res.status };
  } catch (err) {
    return networkReason(err, init.timeoutMs);
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}
