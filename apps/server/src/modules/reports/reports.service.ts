import { eq, inArray } from 'drizzle-orm';
import {
  canAccessPage,
  comparisonPeriod,
  grantedPages,
  REPORT_KIND_LABELS,
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

/** A report the caller asked for, resolved: what it runs, and the restaurants its clients cover. */
export type ResolvedReport = {
  key: string;
  label: string;
  kind: ReportKind;
  /** The restaurants of the clients that list it (built-in reports: null, every restaurant). */
  clientRestaurants: Set<string> | null;
};

export const reportNotVisible = (key: string) =>
  new AppError(403, 'reportNotAllowed', `You do not have permission to see the report ${key}`, { field: 'report' });

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

  /** The report behind a key, or 403 when the user does not see it. */
  async resolve(user: ReportUser, key: string): Promise<ResolvedReport> {
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
    const found = (await this.visible(user)).filter((r) => r.key === key);
    if (found.length === 0) throw reportNotVisible(key);
    const owned = await this.db
      .select({ restaurant: restaurants.restaurant })
      .from(restaurants)
      .where(inArray(restaurants.client, [...new Set(found.map((r) => r.client))]));
    return {
      key,
      label: found[0]!.label,
      kind: found[0]!.kind,
      clientRestaurants: new Set(owned.map((r) => r.restaurant)),
    };
  }

  /**
   * The restaurants a report reads: the caller's sites, narrowed by the filters and by the clients that list
   * the report. A restaurant named in the filter that the caller does not have is refused, not silently dropped.
   */
  async scopeOf(
    user: ReportUser,
    report: Pick<ResolvedReport, 'clientRestaurants'>,
    filters: Pick<RunBody, 'from' | 'to' | 'restaurants' | 'foodcourt' | 'session' | 'channel' | 'order_type'>,
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
    const report = await this.resolve(user, body.report);
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
