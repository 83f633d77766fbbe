import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { lockedRestaurantFields, RESTAURANT_FIELD_PERMISSIONS } from '@cd/core';
import { useLoginState } from '../../../lib/login-state';

const LockedFieldsContext = createContext<ReadonlySet<string>>(new Set());

/** The permission a locked field needs ('' when the field is not locked for this user). */
export function useLockedBy(name: string): string {
  const locked = useContext(LockedFieldsContext).has(name);
  return locked ? RESTAURANT_FIELD_PERMISSIONS[name as keyof typeof RESTAURANT_FIELD_PERMISSIONS] : '';
}

/**
 * Spec 001 §6: on a stored restaurant, the permission-labelled fields the user does not hold are read-only
 * (the server refuses a change to them too). A new restaurant is filled in whole.
 */
export function LockedFieldsProvider({ editing, children }: { editing: boolean; children: ReactNode }) {
  const { user } = useLoginState();
  const extras = user?.vendorextras;
  const key = editing
    ? lockedRestaurantFields({ admin: extras?.admin === true, permissions: extras?.permissions ?? [] }).join(',')
    : '';
  const value = useMemo(() => new Set(key ? key.split(',') : []), [key]);
  return <LockedFieldsContext.Provider value={value}>{children}</LockedFieldsContext.Provider>;
}
