import { useEffect, useRef } from 'react';
import { API_BASE } from '../../lib/config';

/** At most one refresh per this many milliseconds, however many orders arrive. */
export const SALES_REFRESH_MS = 2000;
const RECONNECT_MS = 5000;

/** The restaurants a `sales` event names: {restaurants: [...]} (several folded into one event) or {restaurant}. */
function restaurantsOf(data: unknown): string[] {
  const value = (data ?? {}) as { restaurants?: unknown; restaurant?: unknown };
  if (Array.isArray(value.restaurants)) return value.restaurants.map(String);
  return typeof value.restaurant === 'string' ? [value.restaurant] : [];
}

/**
 * Calls `onSale` when the event stream (GET /events) says an order of one of the user's restaurants arrived or
 * changed (`sales` {restaurants}), throttled: the first change at once, later ones folded into one call at most
 * every SALES_REFRESH_MS. `wanted` filters by restaurant (undefined: every restaurant). The stream is this page's
 * own and closes with it; the browser resumes it by itself, and a stream it gave up on is opened again.
 */
export function useSalesEvents(onSale: () => void, wanted?: (restaurant: string) => boolean) {
  const handler = useRef(onSale);
  handler.current = onSale;
  const filter = useRef(wanted);
  filter.current = wanted;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const fire = () => {
      pending = undefined;
      last = Date.now();
      handler.current();
    };
    const onSales = (event: Event) => {
      let restaurants: string[];
      try {
        restaurants = restaurantsOf(JSON.parse(String((event as MessageEvent).data)));
      } catch {
        return;
      }
      const wanted = filter.current;
      if (wanted && restaurants.length > 0 && !restaurants.some(wanted)) return;
      if (pending) return;
      const wait = last + SALES_REFRESH_MS - Date.now();
      if (wait <= 0) fire();
      else pending = setTimeout(fire, wait);
    };
    const connect = () => {
      const current = new EventSource(`${API_BASE}/events`, { withCredentials: true });
      source = current;
      current.addEventListener('sales', onSales);
      current.addEventListener('error', () => {
        if (stopped || current.readyState !== EventSource.CLOSED) return;
        current.close();
        retry = setTimeout(connect, RECONNECT_MS);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(pending);
      clearTimeout(retry);
      source?.close();
    };
  }, []);
}
