import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { conditionallyRequired, requiredFields } from '@cd/core';
import type { RestaurantFormValues } from '../form-values';

/** The fields marked with an asterisk (core's requiredFields + conditionallyRequired for the current values). */
const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());

export function useIsRequired(name: string): boolean {
  return useContext(RequiredFieldsContext).has(name);
}

/**
 * Provides the required set. It watches only the values the rules read, and the set changes identity only
 * when its members change, so typing elsewhere re-renders no field.
 */
export function RequiredFieldsProvider({ children }: { children: ReactNode }) {
  const { control } = useFormContext<RestaurantFormValues>();
  const [client, currency, gstin] = useWatch({ control, name: ['client', 'currency', 'gstin'] });
  const key = [...requiredFields({ client }), ...conditionallyRequired({ currency, gstin: gstin ?? '' })].join(',');
  const value = useMemo(() => new Set(key.split(',')), [key]);
  return <RequiredFieldsContext.Provider value={value}>{children}</RequiredFieldsContext.Provider>;
}
