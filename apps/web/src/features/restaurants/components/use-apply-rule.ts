import { useCallback } from 'react';
import { useFormContext, type Path } from 'react-hook-form';
import type { RestaurantFields } from '@cd/core';
import { formValuesToFields, type RestaurantFormValues } from '../form-values';

export type RestaurantRule = (r: RestaurantFields) => RestaurantFields;

/**
 * Applies one of core's form transitions (spec 001 §4.1) to the form: runs it on the current values and sets
 * every field it changed, marking the form dirty. The rule lives once, in core; the form only applies it.
 */
export function useApplyRule(): (rule: RestaurantRule) => void {
  const { getValues, setValue, clearErrors } = useFormContext<RestaurantFormValues>();
  return useCallback(
    (rule: RestaurantRule) => {
      const current = formValuesToFields(getValues());
      const next = rule(current);
      const changed: [Path<RestaurantFormValues>, unknown][] = [];
      for (const key of Object.keys(next) as (keyof RestaurantFields)[]) {
        if (key !== 'options' && next[key] !== current[key])
          changed.push([key as Path<RestaurantFormValues>, next[key]]);
      }
      for (const key of Object.keys(next.options) as (keyof RestaurantFields['options'])[]) {
        if (next.options[key] !== current.options[key])
          changed.push([`options.${key}` as Path<RestaurantFormValues>, next.options[key]]);
      }
      // A message shown for an old value no longer applies; the next submit checks everything again.
      for (const [name, value] of changed) setValue(name, value as never, { shouldDirty: true });
      if (changed.length) clearErrors(changed.map(([name]) => name));
    },
    [getValues, setValue, clearErrors],
  );
}
