import { matchRegionForHost, type Region, type RegionMatch } from '@cd/core';
import { REGION_HOSTS_JSON } from './shell-config';

/** Reads the optional host → region id mapping; anything but a JSON object of strings is ignored. */
export function parseRegionHosts(json: string | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The region of a host name (spec 000 §1, §9): the configured mapping first, then core's host rules. */
export function pickRegion(host: string, mappingJson: string | undefined = REGION_HOSTS_JSON): Region {
  return matchRegion(host, mappingJson).region;
}

/** The region of a host name and how it was found (the mapping, the host, or neither: the default region). */
export function matchRegion(host: string, mappingJson: string | undefined = REGION_HOSTS_JSON): RegionMatch {
  const mapping = Object.fromEntries(
    Object.entries(parseRegionHosts(mappingJson)).map(([h, id]) => [h.toLowerCase(), id]),
  );
  return matchRegionForHost(host, mapping);
}

let current: RegionMatch | null = null;

/** The region this page was served for; a deployment is one region, so it is read once. */
export function currentRegion(): Region {
  return currentRegionMatch().region;
}

/** The region this page was served for and how it was found: a page whose rules differ by region says so. */
export function currentRegionMatch(): RegionMatch {
  current ??= matchRegion(window.location.host);
  return current;
}
