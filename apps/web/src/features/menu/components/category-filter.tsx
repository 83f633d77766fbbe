import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { categories: string[]; value: string | undefined; onChange: (category: string | undefined) => void };

/** Shows only the items of one category, or all. */
export function CategoryFilter({ categories, value, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  // A category in the address that the menu no longer has still shows, so the filter never looks empty.
  const choices = value && !categories.includes(value) ? [...categories, value] : categories;
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={labelId}>{t('editMenu.list.category')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('editMenu.list.category')}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <MenuItem value="">{t('editMenu.list.allCategories')}</MenuItem>
        {choices.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
