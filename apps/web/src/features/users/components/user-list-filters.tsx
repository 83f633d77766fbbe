import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LOGIN_TYPES, type LoginType } from '@cd/core';
import { SearchField } from '../../../components/resource';

type Props = {
  search: string;
  status?: 'active' | 'inactive';
  loginType?: LoginType;
  onSearch: (search: string) => void;
  onStatus: (status: 'active' | 'inactive' | undefined) => void;
  onLoginType: (loginType: LoginType | undefined) => void;
};

const ALL = 'all';

/** Search (debounced), status and sign-in method filters of the users list. */
export function UserListFilters({ search, status, loginType, onSearch, onStatus, onLoginType }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <SearchField label={t('users.list.search')} value={search} onSearch={onSearch} />
      <TextField
        select
        size="small"
        label={t('users.list.status')}
        value={status ?? ALL}
        onChange={(e) => onStatus(e.target.value === ALL ? undefined : (e.target.value as 'active' | 'inactive'))}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value={ALL}>{t('users.list.all')}</MenuItem>
        <MenuItem value="active">{t('users.status.active')}</MenuItem>
        <MenuItem value="inactive">{t('users.status.inactive')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('users.list.loginType')}
        value={loginType ?? ALL}
        onChange={(e) => onLoginType(e.target.value === ALL ? undefined : (e.target.value as LoginType))}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value={ALL}>{t('users.list.all')}</MenuItem>
        {LOGIN_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`users.loginTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
