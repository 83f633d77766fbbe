import type { GotoAnswer, GotoKind } from '@cd/core';
import type { VisibleGroup } from './nav-model';

/** One line of the Go to box: its group, what it shows and where it leads. */
export type GotoResult = {
  /** Unique within a list of results (the option's id). */
  key: string;
  kind: 'pages' | GotoKind;
  label: string;
  detail?: string;
  to: string;
};

/** The groups in the order the box lists them. */
export const GOTO_GROUPS = ['pages', 'orders', 'items', 'restaurants', 'customers', 'users'] as const;
export type GotoGroup = (typeof GOTO_GROUPS)[number];

/** Pages listed at most. */
const PAGE_HITS = 6;

type Translate = (key: string) => string;

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/**
 * The navigation's pages the user sees whose label holds every word typed (client-side: the navigation is the
 * user's already). Pages of other sites (external entries) and planned pages are left out.
 */
export function pageResults(groups: readonly VisibleGroup[], t: Translate, text: string): GotoResult[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const out: GotoResult[] = [];
  for (const group of groups) {
    for (const entry of group.entries.flatMap((e) => e.children ?? [e])) {
      if (entry.externalUrl || entry.planned) continue;
      const label = t(entry.labelKey);
      const lower = label.toLowerCase();
      if (words.every((w) => lower.includes(w))) {
        out.push({
          key: `page:${entry.path}`,
          kind: 'pages',
          label,
          detail: t(`shell.navGroups.${group.id}`),
          to: entry.path,
        });
      }
    }
  }
  return out.slice(0, PAGE_HITS);
}

/** The server's records as results, each leading to its page with the record opened. */
export function recordResults(answer: Omit<GotoAnswer, 'result'> | undefined): GotoResult[] {
  if (!answer) return [];
  return [
    ...(answer.orders ?? []).map((o) => ({
      key: `order:${o.order_id}`,
      kind: 'orders' as const,
      label: o.order_number,
      detail: `${o.restaurant_name} · ${o.business_date}`,
      to: withQuery('/orderhistory', { view: String(o.order_id) }),
    })),
    ...(answer.items ?? []).map((i) => ({
      key: `item:${i.foodid}`,
      kind: 'items' as const,
      label: i.foodname,
      detail: i.restaurant_name,
      to: withQuery('/menu', { restaurant: i.restaurant, item: i.foodid }),
    })),
    ...(answer.restaurants ?? []).map((r) => ({
      key: `restaurant:${r.restaurant}`,
      kind: 'restaurants' as const,
      label: r.name,
      detail: r.foodcourt_name,
      to: withQuery('/restaurant', { edit: r.restaurant }),
    })),
    ...(answer.customers ?? []).map((c) => ({
      key: `customer:${c.customer_ref}`,
      kind: 'customers' as const,
      label: c.customer_ref,
      ...(c.name ? { detail: c.name } : {}),
      to: withQuery('/orderhistory', { search: c.customer_ref }),
    })),
    ...(answer.users ?? []).map((u) => ({
      key: `user:${u.userid}`,
      kind: 'users' as const,
      label: u.userid,
      detail: u.name,
      to: withQuery('/vendor', { user: u.userid }),
    })),
  ];
}

/** Results grouped in GOTO_GROUPS order; the flat order (arrow keys) is the same. */
export function groupResults(results: readonly GotoResult[]): { group: GotoGroup; results: GotoResult[] }[] {
  return GOTO_GROUPS.map((group) => ({ group, results: results.filter((r) => r.kind === group) })).filter(
    (g) => g.results.length > 0,
  );
}
