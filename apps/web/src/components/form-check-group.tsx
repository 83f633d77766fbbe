import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { CheckGroup } from './check-group';

type FormCheckGroupProps<T extends FieldValues, TOut, V extends string | number> = {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** The group's name (its legend). */
  label: string;
  values: readonly V[];
  /** A value's name beside its box. */
  optionName: (value: V) => string;
};

/** A CheckGroup bound to a react-hook-form field holding some of `values` (none when unset); its error shows under it. */
export function FormCheckGroup<T extends FieldValues, TOut = T, V extends string | number = string>({
  control,
  name,
  label,
  values,
  optionName,
}: FormCheckGroupProps<T, TOut, V>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  return (
    <CheckGroup<V>
      label={label}
      values={values}
      name={optionName}
      checked={(field.value as readonly V[] | undefined) ?? []}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}
