/**
 * A site list's address and the list query it asks for. Kept free of React Query and other features: the
 * page registry (in the sign-in bundle) reaches it through routes.tsx.
 */

export type SiteKind = 'location' | 'foodcourt' | 'restaurant';

/** Page sizes offered by the site lists; 200 is the list-page limit of spec 001 §9 and the API's maximum. */
export const SITE_PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_SITE_PAGE_SIZE = 25;

/**
 * A site list's state lives in the address (STYLE.md: dialogs are linkable and survive reload):
 * ?search=&page=&page_size= and the filters (location, foodcourt, status, client) for the list;
 * ?edit=<id> for the edit dialog and ?action=new for the add dialog.
 */
export type SiteListUrlState = {
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  location?: string;
  foodcourt?: string;
  status?: string;
  client?: string;
  edit?: string;
  action?: 'new';
};

/** The list query of GET /vendor/location, /vendor/foodcourt and /vendor/restaurant (core's siteListQuery). */
export type SiteListParams = {
  search?: string;
  location?: string;
  foodcourt?: string;
  status?: string;
  client?: string;
  page: number;
  page_size: number;
};

const text = (params: URLSearchParams, key: string) => params.get(key)?.trim() || undefined;

export function parseSiteListParams(params: URLSearchParams): SiteListUrlState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('page_size'));
  return {
    search: params.get('search') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (SITE_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_SITE_PAGE_SIZE,
    location: text(params, 'location'),
    foodcourt: text(params, 'foodcourt'),
    status: text(params, 'status'),
    client: text(params, 'client'),
    edit: text(params, 'edit'),
    action: params.get('action') === 'new' ? 'new' : undefined,
  };
}

/** The list query a page asks for, from its address: each list takes only its own filters. */
export function siteListQuery(kind: SiteKind, state: SiteListUrlState): SiteListParams {
  return {
    search: state.search || undefined,
    location: kind === 'location' ? undefined : state.location,
    foodcourt: kind === 'restaurant' ? state.foodcourt : undefined,
    status: kind === 'restaurant' ? state.status : undefined,
    client: kind === 'restaurant' ? state.client : undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}

/** `vendor/<kind>?…` with the empty values left out. */
export function siteListPath(kind: SiteKind, query: SiteListParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `vendor/${kind}?${params.toString()}`;
}
