import { eq, inArray } from 'drizzle-orm';
import {
  canAccessPage,
  comparisonPeriod,
  grantedPages,
  REPORT_KIND_LABELS,
  reportRefOf,
  reportsNamed,
  visibleReports,
  type ReportKind,
  type ReportLists,
  type ReportRunAnswer,
  type ReportsAnswer,
  type VisibleReport,
} from '@cd/core';
import type { z } from 'zod';
import type { reportRunBody } from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients, restaurants, type UserRow } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { reportTable, totalsOf, type ReportScope } from './report-queries.js';

export type RunBody = z.output<typeof reportRunBody>;
type ReportUser = Pick<UserRow, 'userid' | 'admin' | 'sites' | 'pagepermissionaccess' | 'permissions'>;

/** A report the caller asked for, resolved: what it runs, and the restaurants of its client. */
export type ResolvedReport = {
  /** Its id (`<client>:<key>`; built-in reports: their name): what a saved schedule or export keeps. */
  key: string;
  label: string;
  kind: ReportKind;
  /** The restaurants of the client that lists it (built-in reports: null, every restaurant). */
  clientRestaurants: Set<string> | null;
};

/** The filters that choose the restaurants a report reads. */
type ScopeFilters = Pick<RunBody, 'from' | 'to' | 'restaurants' | 'foodcourt' | 'session' | 'channel' | 'order_type'>;

export const reportNotVisible = (key: string) =>
  new AppError(403, 'reportNotAllowed', `You do not have permission to see the report ${key}`, { field: 'report' });

export const reportAmbiguous = (key: string, reports: readonly VisibleReport[]) =>
  new AppError(
    400,
    'reportAmbiguous',
    `The report ${key} is listed by more than one client: choose one of ` +
      `${reports.map((r) => `${r.key} (${r.label})`).join(', ')}`,
    { field: 'report', reports: reports.map((r) => r.key) },
  );

/** Who sees which report, and running them over the caller's sites (issue 14). */
export class ReportsService {
  constructor(private readonly db: Db) {}

  /** The clients whose restaurants the user has (administrators: every client). */
  async clientsOf(user: ReportUser) {
    if (user.admin) return this.db.select().from(clients).orderBy(clients.client);
    const scope = await loadSiteScope(this.db, user);
    const ids = [...scope.restaurants];
    if (ids.length === 0) return [];
    const owned = await this.db
      .selectDistinct({ client: restaurants.client })
      .from(restaurants)
      .where(inArray(restaurants.restaurant, ids));
    const names = owned.map((r) => r.client).filter((c): c is string => !!c);
    return names.length
      ? this.db.select().from(clients).where(inArray(clients.client, names)).orderBy(clients.client)
      : [];
  }

  async visible(user: ReportUser): Promise<VisibleReport[]> {
    const list = await this.clientsOf(user);
    return visibleReports(
      user,
      list.map((c) => ({
        client: c.client,
        name: c.name,
        reportListJSON: ((c.settings as { reportListJSON?: Partial<ReportLists> }).reportListJSON ??
          {}) as Partial<ReportLists>,
      })),
      grantedPages(user),
    );
  }

  async overview(user: ReportUser): Promise<ReportsAnswer> {
    return {
      result: 'success',
      reports: await this.visible(user),
      production_planning: canAccessPage(user, 'production_planning'),
      tax_log: user.admin || user.permissions.includes('tax_log_report'),
      can_edit: user.admin,
    };
  }

  /**
   * The report behind a reference, or 403 when the user does not see it (issue 33). A report is its client's:
   * an id `<client>:<key>` names one. A bare key (older addresses, saved schedules) names the one report listed
   * under it; when several clients list it, it is never run over all of them: it names the one of them whose
   * client owns the restaurants the request reads (`filters`) when no other of them owns any, so the answer is
   * what the same request showed before; otherwise it is refused as ambiguous (400 reportAmbiguous).
   */
  async resolve(user: ReportUser, key: string, filters?: ScopeFilters): Promise<ResolvedReport> {
    if (key === 'production_planning') {
      if (!canAccessPage(user, 'production_planning')) throw reportNotVisible(key);
      return {
        key,
        label: REPORT_KIND_LABELS.production_planning,
        kind: 'production_planning',
        clientRestaurants: null,
      };
    }
    if (key === 'tax_log') {
      if (!user.admin && !user.permissions.includes('tax_log_report')) throw reportNotVisible(key);
      return { key, label: REPORT_KIND_LABELS.tax_log, kind: 'tax_log', clientRestaurants: null };
    }
    const found = reportsNamed(await this.visible(user), key);
    if (found.length === 0) throw reportNotVisible(key);
    const owners = await this.restaurantsOf([...new Set(found.map((r) => r.client))]);
    let report = found[0]!;
    if (found.length > 1) {
      const read = filters ? (await this.scopeOf(user, { clientRestaurants: null }, filters)).restaurants : null;
      const reading = read ? found.filter((r) => read.some((x) => owners.get(r.client)?.has(x))) : [];
      if (reading.length !== 1) throw reportAmbiguous(reportRefOf(key).key, found);
      report = reading[0]!;
    }
    return {
      key: report.key,
      label: report.label,
      kind: report.kind,
      clientRestaurants: owners.get(report.client) ?? new Set(),
    };
  }

  /** The restaurants of each of the clients (as far as the caller's database scope reaches). */
  private async restaurantsOf(list: readonly string[]): Promise<Map<string, Set<string>>> {
    const owned = await this.db
      .select({ restaurant: restaurants.restaurant, client: restaurants.client })
      .from(restaurants)
      .where(inArray(restaurants.client, [...list]));
    const out = new Map(list.map((c) => [c, new Set<string>()]));
    for (const r of owned) if (r.client) out.get(r.client)?.add(r.restaurant);
    return out;
  }

  /**
   * The restaurants a report reads: the caller's sites, narrowed by the filters and by the client that lists
   * the report. A restaurant named in the filter that the caller does not have is refused, not silently dropped.
   */
  async scopeOf(
    user: ReportUser,
    report: Pick<ResolvedReport, 'clientRestaurants'>,
    filters: ScopeFilters,
  ): Promise<ReportScope> {
    const scope = await loadSiteScope(this.db, user);
    for (const r of filters.restaurants) {
      if (!scope.restaurants.has(r)) throw forbidden(`You do not have the restaurant ${r}`);
    }
    if (filters.foodcourt && !scope.foodcourts.has(filters.foodcourt) && !scope.all) {
      throw forbidden(`You do not have the food court ${filters.foodcourt}`);
    }
    let list: string[] | null =
      filters.restaurants.length > 0 ? filters.restaurants : scope.all ? null : [...scope.restaurants];
    if (filters.foodcourt) {
      const inCourt = await this.db
        .select({ restaurant: restaurants.restaurant })
        .from(restaurants)
        .where(eq(restaurants.foodcourt, filters.foodcourt));
      const court = new Set(inCourt.map((r) => r.restaurant));
      list = (list ?? inCourt.map((r) => r.restaurant)).filter((r) => court.has(r));
    }
    if (report.clientRestaurants) {
      const owned = report.clientRestaurants;
      list = (list ?? [...owned]).filter((r) => owned.has(r));
    }
    return {
      from: filters.from,
      to: filters.to,
      restaurants: list,
      filters: { session: filters.session, channel: filters.channel, order_type: filters.order_type },
    };
  }

  async run(user: ReportUser, body: RunBody): Promise<ReportRunAnswer> {
    const report = await this.resolve(user, body.report, body);
    const scope = await this.scopeOf(user, report, body);
    const table = await reportTable(this.db, report.kind, scope);
    const period = comparisonPeriod(body.from, body.to, body.compare);
    let compareRows: ReportRunAnswer['compare_rows'] = null;
    let compareTotals: ReportRunAnswer['compare_totals'] = null;
    if (period) {
      const other = await reportTable(this.db, report.kind, { ...scope, ...period });
      const byKey = new Map(other.keys.map((k, i) => [k, other.rows[i]!]));
      compareRows = table.keys.map((k) => byKey.get(k) ?? null);
      compareTotals = totalsOf(other.columns, other.rows);
    }
    return {
      result: 'success',
      report: { key: report.key, label: report.label, kind: report.kind },
      period: { from: body.from, to: body.to },
      comparison: period,
      columns: table.columns,
      rows: table.rows,
      compare_rows: compareRows,
      totals: totalsOf(table.columns, table.rows),
      compare_totals: compareTotals,
      chart: table.chart,
      truncated: table.truncated,
    };
  }
}
