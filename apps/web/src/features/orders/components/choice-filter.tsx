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
};

/** One of a list of values (status, channel, type…), or all of them. */
export function ChoiceFilter<T extends string>({ label, value, values, name, onChange }: Props<T>) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
      sx={{ minWidth: 140 }}
    >
      <MenuItem value="">{t('orders.filters.all')}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {name(v)}
        </MenuItem>
      ))}
    </TextField>
  );
}
