import dayjs from 'dayjs';
import { canAccessPage, type OrderLine } from '@cd/core';
import { formatIsoDate } from '../../components/date-values';
import { SYNC_TIME_FORMAT } from '../../lib/format';
import type { UserDetails } from '../../lib/login-state';

/** A time of the API (ISO with offset) as DD-MM-YYYY HH:mm local time (spec 000 §9). */
export const formatTime = (value: string) => (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value);
export const formatDate = formatIsoDate;

/** Whether the user may refund (page refunds), from the profile the shell loaded. */
export function canRefund(user: UserDetails | null): boolean {
  const extras = user?.vendorextras;
  return canAccessPage(
    {
      admin: extras?.admin === true,
      pagepermissionaccess: extras?.pagepermissionaccess ?? [],
      permissions: extras?.permissions ?? [],
    },
    'refunds',
  );
}

/** "Spice level: Hot (+£0.50)" for the options chosen on a line. */
export function describeOptions(options: OrderLine['options'], money: (amount: number) => string): string {
  return options
    .map(
      (o) =>
        `${o.group ? `${o.group}: ` : ''}${o.name}${o.price ? ` (${o.price > 0 ? '+' : ''}${money(o.price)})` : ''}`,
    )
    .join(', ');
}
