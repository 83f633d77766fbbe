import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  counterServiceFlagsSchema,
  counterSettingsSchema,
  isOnline,
  settingsDiff,
  type Counter,
  type CounterTemplate,
  type COUNTER_TYPES,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  counters,
  counterTemplates,
  devices,
  type CounterRow,
  type CounterTemplateRow,
  type UserRow,
} from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { loadSiteScope, type SiteScope } from '../../lib/site-scope.js';

export const settingsOf = (raw: unknown) => counterSettingsSchema.parse(raw ?? {});

export function templateView(row: CounterTemplateRow, used: number): CounterTemplate {
  return {
    id: row.id,
    name: row.name,
    settings: settingsOf(row.settings),
    counters: used,
    version: row.version,
    updated_by: row.updated_by,
    updated_at: row.updated_at.toISOString(),
  };
}

export function counterView(row: CounterRow, deviceStats = { devices: 0, online: 0 }): Counter {
  return {
    counter_id: row.id,
    name: row.name,
    foodcourt: row.foodcourt,
    restaurant: row.restaurant,
    counter_type: row.counter_type as (typeof COUNTER_TYPES)[number],
    template_id: row.template_id,
    settings: settingsOf(row.settings),
    flags: counterServiceFlagsSchema.parse(row.flags ?? {}),
    hidden: row.hidden,
    devices: deviceStats.devices,
    online: deviceStats.online,
    version: row.version,
    updated_by: row.updated_by,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Devices and devices online per counter. */
export async function deviceStats(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, { devices: number; online: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ counter_id: devices.counter_id, last_seen_at: devices.last_seen_at, status: devices.licence_status })
    .from(devices)
    .where(inArray(devices.counter_id, ids));
  const now = Date.now();
  const out = new Map<number, { devices: number; online: number }>();
  for (const r of rows) {
    const s = out.get(r.counter_id) ?? { devices: 0, online: 0 };
    s.devices++;
    if (r.status === 2 && isOnline(r.last_seen_at?.toISOString() ?? null, now)) s.online++;
    out.set(r.counter_id, s);
  }
  return out;
}

/** The counters and templates a user reaches: counters of the food courts in their sites. */
export class CountersAccess {
  constructor(private readonly db: Db) {}

  scope(user: Pick<UserRow, 'admin' | 'sites'>): Promise<SiteScope> {
    return loadSiteScope(this.db, user);
  }

  /** A counter of the user's food courts, or 404. */
  async counter(user: Pick<UserRow, 'admin' | 'sites'>, id: number, tx: DbOrTx = this.db): Promise<CounterRow> {
    const [row] = await tx.select().from(counters).where(eq(counters.id, id));
    const scope = await this.scope(user);
    if (!row || (!scope.all && !scope.foodcourts.has(row.foodcourt))) {
      throw notFound('counterNotFound', `Counter ${id} does not exist`);
    }
    return row;
  }

  async template(id: number): Promise<CounterTemplateRow> {
    const [row] = await this.db.select().from(counterTemplates).where(eq(counterTemplates.id, id));
    if (!row) throw notFound('templateNotFound', `Counter template ${id} does not exist`);
    return row;
  }

  async templateUse(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: counters.template_id, n: count() })
      .from(counters)
      .where(inArray(counters.template_id, ids))
      .groupBy(counters.template_id);
    return new Map(rows.map((r) => [r.id!, Number(r.n)]));
  }

  /** The counters made from a template within the user's food courts, with the settings on which each differs. */
  async templateCounters(user: Pick<UserRow, 'admin' | 'sites'>, template: CounterTemplateRow) {
    const scope = await this.scope(user);
    const rows = await this.db
      .select()
      .from(counters)
      .where(
        and(
          eq(counters.template_id, template.id),
          scope.all ? sql`true` : inArray(counters.foodcourt, [...scope.foodcourts, '']),
        ),
      )
      .orderBy(counters.name);
    const t = settingsOf(template.settings);
    return rows.map((c) => ({
      counter_id: c.id,
      name: c.name,
      foodcourt: c.foodcourt,
      differs: settingsDiff(t, settingsOf(c.settings)),
      version: c.version,
    }));
  }
}
