import { useMemo } from 'react';
import { useLoginState } from '../../lib/login-state';
import { useRestaurantChoices, type RestaurantChoice } from '../../lib/restaurant-choices';
import { holdsFrom, type Holds } from './permissions';

/** The signed-in user's restaurants and fine permissions (the profile as the login state keeps it). */
export function useBulkOpsUser(): { choices: RestaurantChoice[]; holds: Holds } {
  const { user } = useLoginState();
  const extras = user?.vendorextras;
  const choices = useRestaurantChoices();
  const holds = useMemo(() => holdsFrom(extras), [extras]);
  return { choices, holds };
}
