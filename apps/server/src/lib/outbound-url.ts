import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from './errors.js';

/**
 * Addresses a user typed that the server will call (sync targets; any future webhook) — docs/security.md,
 * "Outbound addresses". Only http(s) without credentials, and only public unicast addresses: loopback,
 * link-local, private, unspecified, multicast, broadcast, CGNAT and every other special-purpose range are
 * refused, for a literal address and for each address a host name resolves to, unless the operator's
 * allow-list (`OUTBOUND_ALLOW_HOSTS`) names the host, the address or a block holding it.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;
/** What an operator permits: exact host names (lower-case, no trailing dot) and address blocks. */
export type AllowList = { hosts: ReadonlySet<string>; blocks: ReadonlyArray<[Address, number]> };
export type ResolvedAddress = { address: string; family: number };
/** Host name → every address it resolves to (dns.lookup, all). Tests give their own. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;
export type OutboundPolicy = { allow: AllowList; resolve?: Resolver };

export const EMPTY_ALLOW_LIST: AllowList = { hosts: new Set(), blocks: [] };
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/i;
const LOOKUP_TIMEOUT_MS = 5000;

/** A host name as a URL keeps it (not an address in another spelling such as `0x7f000001`, which URLs rewrite). */
function isHostName(entry: string): boolean {
  if (!HOST_NAME.test(entry)) return false;
  try {
    return new URL(`http://${entry}/`).hostname === entry;
  } catch {
    return false;
  }
}

/** `OUTBOUND_ALLOW_HOSTS`: comma-separated host names, addresses and CIDR blocks; `bad` lists what is neither. */
export function parseAllowList(text: string): { list: AllowList; bad: string[] } {
  const hosts = new Set<string>();
  const blocks: [Address, number][] = [];
  const bad: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [address = '', bits, ...rest] = entry.split('/');
    if (net.isIP(address) && rest.length === 0) {
      if (bits === undefined) {
        const a = ipaddr.parse(address);
        blocks.push([a, a.kind() === 'ipv4' ? 32 : 128]);
      } else if (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv4(address) ? 32 : 128)) {
        blocks.push([ipaddr.parse(address), Number(bits)]);
      } else bad.push(raw.trim());
    } else if (bits === undefined && isHostName(entry.replace(/\.$/, ''))) {
      hosts.add(entry.replace(/\.$/, ''));
    } else bad.push(raw.trim());
  }
  return { list: { hosts, blocks }, bad };
}

const RANGE_LABELS: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  carrierGradeNat: 'shared (CGNAT)',
};
/** Global unicast IPv6 (2000::/3): everything outside it is special-purpose (::/8 holds IPv4-compatible forms). */
const GLOBAL_V6: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('2000::'), 3];

/**
 * Why the server must not call this address ('loopback', 'private', 'link-local', …), or null for a public
 * unicast address. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as its IPv4 address.
 */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  const a = ipaddr.process(address);
  const range = a.range();
  if (range === 'unicast' && (a.kind() === 'ipv4' || (a as ipaddr.IPv6).match(GLOBAL_V6))) return null;
  return RANGE_LABELS[range] ?? 'reserved';
}

function inBlocks(address: string, allow: AllowList): boolean {
  if (!ipaddr.isValid(address)) return false;
  const forms = [ipaddr.parse(address), ipaddr.process(address)];
  return forms.some((a) => allow.blocks.some(([base, bits]) => a.kind() === base.kind() && a.match(base, bits)));
}

/** The address is public, or the allow-list holds it: null; else the range it lies in. */
export function addressRefusal(address: string, allow: AllowList): string | null {
  const range = refusedRange(address);
  return range === null || inBlocks(address, allow) ? null : range;
}

/** Whether the operator allowed this host name as such (its addresses are then not checked). */
export const hostAllowed = (host: string, allow: AllowList) => allow.hosts.has(host.toLowerCase().replace(/\.$/, ''));

/** The URL's host without IPv6 brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** A refusal: `message` is a sentence for the person who typed the address, `reason` a few words for a log. */
export type OutboundRefusal = {
  ok: false;
  kind: 'invalid' | 'refused' | 'unresolved';
  message: string;
  reason: string;
};
export type OutboundCheck = { ok: true; url: URL } | OutboundRefusal;

const refusal = (kind: OutboundRefusal['kind'], message: string, reason: string): OutboundRefusal => ({
  ok: false,
  kind,
  message,
  reason,
});

/** "This address points into a private network (10.1.2.3); …" and its short form for the sync log. */
export function rangeRefusal(range: string, address: string, host?: string): OutboundRefusal {
  const detail = host && host !== address ? `${host} resolves to ${address}` : address;
  const where =
    range === 'private'
      ? 'into a private network'
      : range === 'loopback'
        ? 'to the server itself'
        : `to ${/^[aeiou]/.test(range) ? 'an' : 'a'} ${range} address`;
  return refusal(
    'refused',
    `This address points ${where} (${detail}); ask an administrator to allow it`,
    `refused: ${range} address ${address}`,
  );
}

async function resolveAll(host: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEOUT' })),
      LOOKUP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks an address a user typed before the server calls it (at save, and again before each send): http or
 * https, no credentials, and the host — a literal address, or every address its name resolves to — public or
 * allowed. A refusal says why, in a sentence (`message`) and in a few words (`reason`).
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<OutboundCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refusal('invalid', 'The address must be an http:// or https:// URL', 'refused: not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refusal('invalid', 'The address must be an http:// or https:// URL', 'refused: not http(s)');
  }
  if (url.username || url.password) {
    return refusal(
      'invalid',
      'The address must not carry a user name or password; use the Authorization header',
      'refused: credentials in the address',
    );
  }
  const host = bareHost(url);
  if (net.isIP(host)) {
    const range = addressRefusal(host, policy.allow);
    return range ? rangeRefusal(range, host) : { ok: true, url };
  }
  if (hostAllowed(host, policy.allow)) return { ok: true, url };
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveAll(host, policy.resolve ?? systemResolver);
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'ENOTFOUND';
    return refusal('unresolved', `The host name ${host} could not be resolved (${code})`, `host not found (${code})`);
  }
  if (addresses.length === 0) {
    return refusal('unresolved', `The host name ${host} has no address`, 'host not found (no address)');
  }
  for (const { address } of addresses) {
    const range = addressRefusal(address, policy.allow);
    if (range) return rangeRefusal(range, address, host);
  }
  return { ok: true, url };
}

/**
 * checkOutboundUrl for a request: a refusal becomes a 400 naming the field, with the sentence for the person
 * who typed it (`url: This address points into a private network (10.0.0.5); ask an administrator to allow it`).
 */
export async function assertOutboundUrl(raw: string, policy: OutboundPolicy, field = 'url'): Promise<URL> {
  const check = await checkOutboundUrl(raw, policy);
  if (check.ok) return check.url;
  const code = { invalid: 'invalidAddress', refused: 'addressNotAllowed', unresolved: 'hostNotFound' }[check.kind];
  throw badRequest(code, `${field}: ${check.message}`, { field });
}
