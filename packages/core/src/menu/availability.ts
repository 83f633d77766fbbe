import { MENU_WEEKDAYS } from './constants.js';
import type { DaysAvailable } from './item.js';

/**
 * The two states the menu list marks on an item (issue 21 point 7), from the item's fields of spec 001 §3.5:
 * hidden (`hide_item`: not shown to customers) and unavailable (sold on no weekday of `daysavailable` and on no
 * date of `datesavailable`: it cannot be ordered on any day). The API computes `unavailable` for its item summary
 * by this rule (the server's menu read), so the list needs no item's details.
 */
export function isUnavailable(item: {
  daysavailable?: Partial<DaysAvailable>;
  datesavailable?: readonly string[];
}): boolean {
  // A missing day counts as sold (the field's default is every day).
  const days = item.daysavailable ?? {};
  const someDay = MENU_WEEKDAYS.some((d) => days[d] !== false);
  return !someDay && (item.datesavailable ?? []).length === 0;
}
