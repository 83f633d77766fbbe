import type { Row, SiteIds, TableInfo } from './ownership.js';
import type { Victims } from './requests.js';

/**
 * Ids to send, by kind: the sites `site` accepts and the rows `owned` accepts (for an attacker: what is hidden from
 * it; for the fixtures: what belongs to the site they are made for).
 */
export function idsOf(
  ids: SiteIds,
  site: (id: string) => boolean,
  tables: TableInfo[],
  data: Map<string, Row[]>,
  owned: (table: string, index: number) => boolean,
): Victims {
  const hidden = (table: string) => (data.get(table) ?? []).filter((_, i) => owned(table, i)).map((r) => r.data);
  const pick = <T>(list: T[], n = 4) =>
    list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * (list.length - 1)) / (n - 1))]!);
  const restaurants = [...ids.restaurants.keys()].filter(site);
  const seenCustomers = new Set(
    (data.get('orders') ?? []).filter((_, i) => !owned('orders', i)).map((o) => String(o.data.customer_ref)),
  );
  const str = (table: string, col: string) => pick([...new Set(hidden(table).map((r) => String(r[col] ?? '')))]);
  const victims: Victims = {
    strings: {
      restaurant: pick(restaurants),
      restid: pick(restaurants.map((r) => r.split(':')[1]!)),
      foodcourt: pick([...ids.foodcourts.keys()].filter(site)),
      location: pick([...ids.locations].filter(site)),
      client: pick([...ids.clients].filter(site)),
      foodid: str('food_items', 'foodid'),
      submenuid: str('submenus', 'submenuid'),
      slug: str('html_pages', 'slug'),
      customer_ref: pick(
        [...new Set(hidden('orders').map((o) => String(o.customer_ref)))].filter((c) => c && !seenCustomers.has(c)),
      ),
      order_number: str('orders', 'order_number'),
      code: str('offer_codes', 'code'),
    },
    ids: new Map(),
  };
  for (const t of tables) {
    if (!t.columns.some((c) => c.name === 'id' && (c.type === 'integer' || c.type === 'bigint'))) continue;
    const rows = hidden(t.name)
      .map((r) => ({ id: Number(r.id), version: typeof r.version === 'number' ? r.version : undefined }))
      .sort((a, b) => a.id - b.id);
    if (rows.length) victims.ids.set(t.name, pick(rows, 3));
  }
  return victims;
}
