import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A button's pause after a click (spec 000 §9: the notification buttons wait NOTIFICATION_DEBOUNCE_MS before a
 * second click counts): `cooling` is true for `ms` after `start()`.
 */
export function useCooldown(ms: number): [cooling: boolean, start: () => void] {
  const [cooling, setCooling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = useCallback(() => {
    clearTimeout(timer.current);
    setCooling(true);
    timer.current = setTimeout(() => setCooling(false), ms);
  }, [ms]);
  return [cooling, start];
}
