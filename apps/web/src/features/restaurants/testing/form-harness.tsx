import type { ReactNode } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { renderWithProviders } from '../../../test/render';
import { RequiredFieldsProvider } from '../components/required-context';
import { newFormValues, type RestaurantFormValues } from '../form-values';

type Patch = Partial<Omit<RestaurantFormValues, 'options'>> & { options?: Partial<RestaurantFormValues['options']> };

/** Renders one section or editor inside a restaurant form (the whole form is slow to render under jsdom). */
export function renderInForm(ui: ReactNode, patch: Patch = {}) {
  const defaults = newFormValues();
  const values = { ...defaults, ...patch, options: { ...defaults.options, ...patch.options } } as RestaurantFormValues;
  const holder: { form?: UseFormReturn<RestaurantFormValues> } = {};
  function Harness() {
    const form = useForm<RestaurantFormValues>({ defaultValues: values });
    holder.form = form;
    void form.formState.isDirty; // subscribes, as the real form does
    return (
      <FormProvider {...form}>
        <RequiredFieldsProvider>{ui}</RequiredFieldsProvider>
      </FormProvider>
    );
  }
  const view = renderWithProviders(<Harness />);
  return {
    ...view,
    values: () => holder.form!.getValues(),
    isDirty: () => holder.form!.formState.isDirty,
  };
}
