import { useCallback, useMemo } from 'react';
import { Add as AddIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { applyPatch } from '../../users';
import { useAdUsers } from '../api';
import { AdUserTable } from '../components/ad-user-table';
import { AdUserDialog } from './ad-user-dialog';
import { SearchField } from '../../../components/resource';

/** /ad-user-management: the single-sign-on users; add one, change name and status (?user=, ?action=new). */
export function AdUsersPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const selected = params.get('user') ?? undefined;
  const creating = params.get('action') === 'new';
  const update = useCallback(
    (patch: Record<string, string | undefined>, replace = false) =>
      setParams((prev) => applyPatch(prev, patch), { replace }),
    [setParams],
  );
  const list = useAdUsers(search);
  const users = useMemo(() => list.data ?? [], [list.data]);
  const current = users.find((u) => u.userid === selected);
  const close = () => update({ user: undefined, action: undefined });
  const handleSearch = useCallback((value: string) => update({ search: value }, true), [update]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('adUsers.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => update({ action: 'new', user: undefined })}>
          {t('adUsers.create')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('adUsers.intro')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <SearchField label={t('adUsers.search')} value={search} onSearch={handleSearch} />
      </Box>
      {list.isError && <Alert severity="error">{describeError(list.error, i18n)}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : (
        <AdUserTable
          users={users}
          selected={selected}
          onOpen={(userid) => update({ user: userid, action: undefined })}
        />
      )}
      {creating && !selected && <AdUserDialog onClose={close} onReload={async () => undefined} />}
      {current && (
        <AdUserDialog
          key={current.userid}
          user={current}
          onClose={close}
          onReload={async () => (await list.refetch()).data?.find((u) => u.userid === current.userid)}
        />
      )}
    </Box>
  );
}
