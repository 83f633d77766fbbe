/**
 * Reports (issue 14): what each report shows and who sees it. A client's report lists (client settings
 * `reportListJSON`, spec 000 §3) name reports in three groups, each report keyed by its report key with a label;
 * the key is also the report's permission (spec 000 §6: "report permissions are built dynamically from the
 * client's report lists"). Each listed report runs one of the built-in report kinds below (`kind`; reports
 * listed without one run the kind their group defaults to).
 */

export const REPORT_GROUPS = ['generalReport', 'standardSalesReport', 'standardItemWiseReport'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The page that shows each group, and so the page permission a group needs (spec 000 §2.3, §6). */
export const REPORT_GROUP_PAGES: Record<ReportGroup, { path: string; page: string; label: string }> = {
  generalReport: { path: '/general_reports', page: 'generalReports', label: 'General reports' },
  standardSalesReport: { path: '/standardSalesReports', page: 'standardSalesReports', label: 'Standard sales reports' },
  standardItemWiseReport: {
    path: '/standard-item-wise-report',
    page: 'standard_reports',
    label: 'Standard item-wise reports',
  },
};

export const SALES_REPORT_KINDS = [
  'sales_by_day',
  'sales_by_restaurant',
  'sales_by_session',
  'sales_by_channel',
  'sales_by_order_type',
  'sales_by_tender',
  'tax_summary',
] as const;
export const ITEM_REPORT_KINDS = ['item_wise', 'option_wise', 'sales_by_category'] as const;
/** Kinds that have their own page or permission rather than a client's report list. */
export const BUILT_IN_REPORTS = ['production_planning', 'tax_log'] as const;

export const REPORT_KINDS = [...SALES_REPORT_KINDS, ...ITEM_REPORT_KINDS, ...BUILT_IN_REPORTS] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export type ListedReportKind = (typeof SALES_REPORT_KINDS)[number] | (typeof ITEM_REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  sales_by_day: 'Sales by day',
  sales_by_restaurant: 'Sales by restaurant',
  sales_by_session: 'Sales by session',
  sales_by_channel: 'Sales by channel',
  sales_by_order_type: 'Sales by order type',
  sales_by_tender: 'Payments by tender',
  tax_summary: 'Tax by day and restaurant',
  item_wise: 'Item-wise sales',
  option_wise: 'Option-wise sales',
  sales_by_category: 'Sales by sales category',
  production_planning: 'Production planning',
  tax_log: 'Tax log',
};

/** The kind a listed report runs when its definition names none (the seeded keys of older clients). */
export const GROUP_DEFAULT_KIND: Record<ReportGroup, ListedReportKind> = {
  generalReport: 'sales_by_day',
  standardSalesReport: 'sales_by_restaurant',
  standardItemWiseReport: 'item_wise',
};

/** Which kinds a group may list: sales groups list sales kinds, the item-wise group item kinds. */
export const GROUP_KINDS: Record<ReportGroup, readonly ListedReportKind[]> = {
  generalReport: [...SALES_REPORT_KINDS, ...ITEM_REPORT_KINDS],
  standardSalesReport: SALES_REPORT_KINDS,
  standardItemWiseReport: ITEM_REPORT_KINDS,
};

/** A report as a client lists it. */
export type ReportListEntry = { label: string; kind?: ListedReportKind };
export type ReportLists = Record<ReportGroup, Record<string, ReportListEntry>>;

/**
 * A report the caller may run. A report belongs to the client whose list names it (issue 33): the same key in two
 * clients is two reports, each reading only its own client's restaurants.
 */
export type VisibleReport = {
  client: string;
  group: ReportGroup;
  /** The report's id, `<client>:<report key>` (reportIdOf): what runs, links to and schedules it. */
  key: string;
  /** The client list's label; with the client's name after it when the caller sees reports of several clients. */
  label: string;
  kind: ListedReportKind;
};

export type ReportSubject = {
  admin: boolean;
  pagepermissionaccess: readonly string[];
  permissions: readonly string[];
};

/** Between a report's client and its label when the caller sees reports of more than one client. */
export const REPORT_CLIENT_LABEL_SEPARATOR = ' · ';

/**
 * The reports a user sees: those of their clients' lists whose group page they hold and whose report key they
 * hold (as a permission or a page permission) — admins see every listed report. One rule for the API (which
 * refuses a report the user does not see) and the web (which lists them). Each is keyed by its client and report
 * key; when they come from more than one client, every label names its client ("Daily sales · Acme").
 */
export function visibleReports(
  subject: ReportSubject,
  clients: readonly { client: string; name?: string; reportListJSON: Partial<ReportLists> }[],
  grantedPages: ReadonlySet<string>,
): VisibleReport[] {
  const held = new Set([...subject.permissions, ...subject.pagepermissionaccess]);
  const out: VisibleReport[] = [];
  const names = new Map<string, string>();
  for (const c of clients) {
    names.set(c.client, c.name || c.client);
    for (const group of REPORT_GROUPS) {
      if (!subject.admin && !grantedPages.has(REPORT_GROUP_PAGES[group].page)) continue;
      for (const [key, entry] of Object.entries(c.reportListJSON[group] ?? {})) {
        if (!subject.admin && !held.has(key)) continue;
        const kind = entry.kind && GROUP_KINDS[group].includes(entry.kind) ? entry.kind : GROUP_DEFAULT_KIND[group];
        out.push({ client: c.client, group, key: reportIdOf(c.client, key), label: entry.label, kind });
      }
    }
  }
  if (new Set(out.map((r) => r.client)).size > 1) {
    for (const r of out) r.label = `${r.label}${REPORT_CLIENT_LABEL_SEPARATOR}${names.get(r.client)}`;
  }
  return out;
}

/**
 * A report's id: its client and its report key, `acme:daily_sales`. Report keys never hold a colon, so the id
 * splits at its last one (reportRefOf). Stable in addresses and saved schedules: neither part is ever renamed.
 */
export const reportIdOf = (client: string, key: string) => `${client}:${key}`;

/** The parts of a report reference: an id (`client:key`) or a bare report key (client null). */
export function reportRefOf(ref: string): { client: string | null; key: string } {
  const at = ref.lastIndexOf(':');
  return at < 0 ? { client: null, key: ref } : { client: ref.slice(0, at), key: ref.slice(at + 1) };
}

/**
 * The reports a reference names: the one with that id; for a bare report key (older addresses and saved
 * schedules), every report listed under that key — one, or one per client that lists it.
 */
export function reportsNamed<T extends { key: string }>(reports: readonly T[], ref: string): T[] {
  const { client, key } = reportRefOf(ref);
  return client === null ? reports.filter((r) => reportRefOf(r.key).key === key) : reports.filter((r) => r.key === ref);
}

/** What a report key looks like (it is also the report's permission). */
export const REPORT_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;
export const isReportPermissionKey = (key: string) => REPORT_KEY_PATTERN.test(key);
/** What a report is asked for by: its id (`<client>:<key>`), a bare report key, or a built-in report. */
export const REPORT_REF_PATTERN = /^(?:\S{1,200}:)?[A-Za-z0-9_.-]{1,100}$/;

/** The report permissions each group page offers in a permission editor, from the clients' lists (labels kept). */
export function reportPermissionsByPage(
  clients: readonly { reportListJSON: Partial<ReportLists> }[],
): Map<string, { key: string; label: string }[]> {
  const byPage = new Map<string, Map<string, string>>();
  for (const c of clients) {
    for (const group of REPORT_GROUPS) {
      const page = REPORT_GROUP_PAGES[group].page;
      const keys = byPage.get(page) ?? new Map<string, string>();
      for (const [key, entry] of Object.entries(c.reportListJSON[group] ?? {}))
        if (!keys.has(key)) keys.set(key, entry.label);
      byPage.set(page, keys);
    }
  }
  return new Map(
    [...byPage].map(([page, keys]) => [
      page,
      [...keys].map(([key, label]) => ({ key, label })).sort((a, b) => a.label.localeCompare(b.label)),
    ]),
  );
}

/** The report permissions a client's lists define (what a permission profile can grant for that client). */
export function reportPermissionKeys(lists: Partial<ReportLists>): string[] {
  const keys = new Set<string>();
  for (const group of REPORT_GROUPS) for (const key of Object.keys(lists[group] ?? {})) keys.add(key);
  return [...keys].sort();
}

/** Longest period one report covers (a year and a day, so a leap year's 1 Jan–1 Jan fits). */
export const REPORT_MAX_DAYS = 367;

export const REPORT_COMPARISONS = ['none', 'previous_period', 'previous_year'] as const;
export type ReportComparison = (typeof REPORT_COMPARISONS)[number];

export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** Days from `from` to `to`, both included (ISO dates). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The period a report is compared with: the same number of days just before, or the same dates a year earlier
 * (29 February falls back to the 28th).
 */
export function comparisonPeriod(
  from: string,
  to: string,
  compare: ReportComparison,
): { from: string; to: string } | null {
  if (compare === 'none') return null;
  if (compare === 'previous_period') {
    const days = periodDays(from, to);
    return { from: addDays(from, -days), to: addDays(from, -1) };
  }
  const yearBack = (d: string) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
    return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
  };
  return { from: yearBack(from), to: yearBack(to) };
}

/** Relative periods of a scheduled report, resolved on the day it is sent. */
export const REPORT_SCHEDULE_PERIODS = [
  'yesterday',
  'last_7_days',
  'last_week',
  'month_to_date',
  'last_month',
] as const;
export type ReportSchedulePeriod = (typeof REPORT_SCHEDULE_PERIODS)[number];
export const REPORT_FREQUENCIES = ['daily', 'weekly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** The dates a relative period covers when sent on `today` (an ISO date). */
export function resolveSchedulePeriod(period: ReportSchedulePeriod, today: string): { from: string; to: string } {
  const yesterday = addDays(today, -1);
  switch (period) {
    case 'yesterday':
      return { from: yesterday, to: yesterday };
    case 'last_7_days':
      return { from: addDays(today, -7), to: yesterday };
    case 'last_week': {
      // Monday to Sunday of the week before this one.
      const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(today, -dow - 7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month_to_date':
      return today.endsWith('-01')
        ? { from: `${yesterday.slice(0, 8)}01`, to: yesterday }
        : { from: `${today.slice(0, 8)}01`, to: yesterday };
    case 'last_month': {
      const firstThis = `${today.slice(0, 8)}01`;
      const lastPrev = addDays(firstThis, -1);
      return { from: `${lastPrev.slice(0, 8)}01`, to: lastPrev };
    }
  }
}

/**
 * When a scheduled report is next sent after `after`: daily at `hour`:00 UTC, or weekly on `weekday`
 * (1 Monday … 7 Sunday) at that hour.
 */
export function nextReportRun(
  schedule: { frequency: ReportFrequency; weekday: number; hour: number },
  after: Date,
): Date {
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), schedule.hour));
  if (at <= after) at.setUTCDate(at.getUTCDate() + 1);
  if (schedule.frequency === 'weekly') {
    const isoDay = ((at.getUTCDay() + 6) % 7) + 1;
    at.setUTCDate(at.getUTCDate() + ((schedule.weekday - isoDay + 7) % 7));
  }
  return at;
}
