import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog, MultiSelectDropdown } from '../../../components';
import { useUserList } from '../api';
import { SearchField } from '../../../components/resource';

/** Users offered at once; the search narrows the choice (GET /vendor/users allows up to 200 a page). */
const USER_CHOICES = 200;

type Props = {
  title: string;
  /** What applying does to the chosen users. */
  explanation: string;
  pending: boolean;
  onApply: (userids: string[]) => void;
  onClose: () => void;
};

/** Chooses users (searchable, several at once) to give a profile to. */
export function ApplyToUsersDialog({ title, explanation, pending, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const users = useUserList({ search: search || undefined, page: 1, page_size: USER_CHOICES });
  const options = useMemo(
    () => (users.data?.users ?? []).map((u) => ({ value: u.userid, label: `${u.name} (${u.userid})` })),
    [users.data],
  );

  // Choices made under another search stay chosen: the dropdown answers only for the users it lists.
  const handleChange = (next: string[]) => {
    const listed = new Set(options.map((o) => o.value));
    setChosen([...chosen.filter((id) => !listed.has(id)), ...next.filter((id) => listed.has(id))]);
  };

  return (
    <GenericDialog
      open
      title={title}
      onClose={onClose}
      actionLabel={t('users.apply.submit', { count: chosen.length })}
      onAction={() => onApply(chosen)}
      actionDisabled={pending || chosen.length === 0}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {explanation}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <SearchField label={t('users.apply.search')} value={search} onSearch={setSearch} />
        <MultiSelectDropdown
          label={t('users.apply.users')}
          options={options}
          value={chosen.filter((id) => options.some((o) => o.value === id))}
          onChange={handleChange}
          helperText={
            users.data && users.data.total > options.length
              ? t('users.apply.narrow', { shown: options.length, total: users.data.total })
              : undefined
          }
        />
        {chosen.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label={t('users.apply.chosen')}>
            {chosen.map((id) => (
              <Chip key={id} label={id} onDelete={() => setChosen(chosen.filter((x) => x !== id))} />
            ))}
          </Box>
        )}
      </Box>
    </GenericDialog>
  );
}
