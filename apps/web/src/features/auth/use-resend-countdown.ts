import { useEffect, useState } from 'react';
import { secondsUntilResend } from './pending-login';

const TICK_MS = 500;

/** Seconds left before a code may be resent, counted from the stored send time, so it resumes after a reload. */
export function useResendCountdown(sentAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsUntilResend(sentAt, now);
  const counting = remaining > 0;

  useEffect(() => {
    setNow(Date.now());
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [sentAt, counting]);

  return remaining;
}
