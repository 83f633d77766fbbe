import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { frameOriginOf } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { reportEmbeds } from '../../db/schema/index.js';

/** How long another process's change to the dashboards may take to reach this process's CSP. */
export const FRAME_SOURCES_TTL_MS = 60_000;

/**
 * The origins the web build frames that only the build knows (`frame-origins.json`, written by the web build from
 * VITE_CONTROL_DESK_V2_BASE: the Control Desk v2 of /submenu_management-v2). None without a build or a base.
 */
export function builtFrameOrigins(webDist: string, log?: Pick<FastifyBaseLogger, 'warn'>): string[] {
  const file = path.join(webDist, 'frame-origins.json');
  if (!fs.existsSync(file)) return [];
  try {
    const { origins } = JSON.parse(fs.readFileSync(file, 'utf8')) as { origins?: unknown };
    return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
  } catch (err) {
    log?.warn({ err }, 'frame-origins.json of the web build is not readable: no built frame origins');
    return [];
  }
}

/**
 * The Content-Security-Policy `frame-src` of every answer (issue 32): this origin, the build's frame origins and the
 * origins of the embedded dashboards configured per client (report_embeds; /power_bi_reports frames them). The
 * dashboards change at run time, so their origins are read from the database and kept here: refreshed at once when
 * this process saves or removes one, and at most FRAME_SOURCES_TTL_MS old for changes made by another process (an
 * answer after that starts a refresh and is sent with the list it has). Only origins, each checked by core's
 * frameOriginOf (scheme://host[:port]: never a path, a wildcard or a character that would end the directive).
 */
export class FrameSources {
  private value: string;
  private checkedAt = 0;
  private started = 0;
  private applied = 0;
  private background: Promise<void> | null = null;
  private readonly fixed: string[];

  constructor(
    private readonly db: DbOrTx,
    fixedOrigins: readonly string[],
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly ttlMs = FRAME_SOURCES_TTL_MS,
  ) {
    this.fixed = originsOf(fixedOrigins);
    this.value = sourceList(this.fixed);
  }

  /** The directive's value for an answer now (helmet calls it for each). */
  directive(): string {
    if (!this.background && Date.now() - this.checkedAt > this.ttlMs) {
      this.background = this.refresh()
        .catch((err: unknown) => this.log.warn({ err }, 'could not read the dashboard origins for frame-src'))
        .finally(() => (this.background = null));
    }
    return this.value;
  }

  /** Reads the dashboards' origins again; the answers after it carry them. A slower, older read never wins. */
  async refresh(): Promise<void> {
    const mine = ++this.started;
    this.checkedAt = Date.now();
    const rows = await this.db.selectDistinct({ site_url: reportEmbeds.site_url }).from(reportEmbeds);
    if (mine < this.applied) return;
    this.applied = mine;
    this.value = sourceList([...this.fixed, ...originsOf(rows.map((r) => r.site_url))]);
  }
}

function originsOf(addresses: readonly string[]): string[] {
  return addresses.map(frameOriginOf).filter((o): o is string => o !== null);
}

const sourceList = (origins: readonly string[]) => ["'self'", ...[...new Set(origins)].sort()].join(' ');
