import { useEffect, useRef } from 'react';
import { useJobEvents } from '../background-tasks';

/** At most one refresh per this many milliseconds, however many orders arrive. */
export const SALES_REFRESH_MS = 2000;

/** The restaurants a `sales` event names: {restaurants: [...]} (several folded into one event) or {restaurant}. */
function restaurantsOf(data: unknown): string[] {
  const value = (data ?? {}) as { restaurants?: unknown; restaurant?: unknown };
  if (Array.isArray(value.restaurants)) return value.restaurants.map(String);
  return typeof value.restaurant === 'string' ? [value.restaurant] : [];
}

/**
 * Calls `onSale` when the app's event stream (GET /events, opened once by the shell) says an order of one of the
 * user's restaurants arrived or changed (`sales` {restaurants}), throttled: the first change at once, later ones
 * folded into one call at most every SALES_REFRESH_MS. `wanted` filters by restaurant (undefined: every
 * restaurant). After a break in the stream (RESYNC: sales events are not replayed) it calls once, for every
 * restaurant.
 */
export function useSalesEvents(onSale: () => void, wanted?: (restaurant: string) => boolean) {
  const { subscribe } = useJobEvents();
  const handler = useRef(onSale);
  handler.current = onSale;
  const filter = useRef(wanted);
  filter.current = wanted;

  useEffect(() => {
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      pending = undefined;
      last = Date.now();
      handler.current();
    };
    const unsubscribe = subscribe('sales', (data) => {
      const restaurants = restaurantsOf(data);
      const want = filter.current;
      if (want && restaurants.length > 0 && !restaurants.some(want)) return;
      if (pending) return;
      const wait = last + SALES_REFRESH_MS - Date.now();
      if (wait <= 0) fire();
      else pending = setTimeout(fire, wait);
    });
    return () => {
      unsubscribe();
      clearTimeout(pending);
    };
  }, [subscribe]);
}
