import { useState, type FormEvent } from 'react';
import { Search as SearchIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { normaliseTags } from '../api';

type Props = {
  /** The applied tags (comma-joined, from the address). */
  value: string;
  onSearch: (tags: string) => void;
};

/** Tags typed with commas between them; Find (or Enter) applies them, Clear returns to the whole list. */
export function TagSearch({ value, onSearch }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(normaliseTags(text));
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={t('pricebook.submenus.tagSearch')}
        helperText={t('pricebook.submenus.tagSearchHint')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ minWidth: 260 }}
      />
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        {t('pricebook.submenus.findTags')}
      </Button>
      {value !== '' && <Button onClick={() => onSearch('')}>{t('pricebook.submenus.clearTags')}</Button>}
    </Box>
  );
}
