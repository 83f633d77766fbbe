import { regionForHost, type Region } from '@cd/core';
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
  const mapping = Object.fromEntries(
    Object.entries(parseRegionHosts(mappingJson)).map(([h, id]) => [h.toLowerCase(), id]),
  );
  return regionForHost(host, mapping);
}

let current: Region | null = null;

/** The region this page was served for; a deployment is one region, so it is read once. */
export function currentRegion(): Region {
  current ??= pickRegion(window.location.host);
  return current;
}
