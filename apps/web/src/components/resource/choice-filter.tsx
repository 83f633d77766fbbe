import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type Props<T extends string> = {
  label: string;
  value: T | undefined;
  values: readonly T[];
  /** The label of one value. */
  name: (value: T) => string;
  onChange: (value: T | undefined) => void;
  minWidth?: number;
};

/** A list filter: one of a list of values (status, kind, type…), or All (undefined, out of the address). */
export function ChoiceFilter<T extends string>({ label, value, values, name, onChange, minWidth = 140 }: Props<T>) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
      sx={{ minWidth }}
    >
      <MenuItem value="">{t('resource.filters.all')}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {name(v)}
        </MenuItem>
      ))}
    </TextField>
  );
}
