import { useCallback, useState } from 'react';
import { Add as AddIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { hasUnsavedChanges } from '../../../lib/unsaved-changes';
import { useUser, useUserList } from '../api';
import { UserListFilters } from '../components/user-list-filters';
import { UserTable } from '../components/user-table';
import { USERS_PAGE_SIZE, useUsersUrlState } from '../url-state';
import { SetPasswordDialog } from './set-password-dialog';
import { UserEditor } from './user-editor';

/** /vendor "Create/Edit User": the users list and, linked by ?user= or ?action=new, the user form. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useUsersUrlState();
  const list = useUserList({
    search: state.search || undefined,
    status: state.status,
    login_type: state.login_type,
    page: state.page,
    page_size: USERS_PAGE_SIZE,
  });
  const selected = useUser(state.user);

  const handleSearch = useCallback(
    (search: string) => update({ search, page: undefined }, { replace: true }),
    [update],
  );
  const closeForm = () => update({ user: undefined, action: undefined, dialog: undefined });
  // The dialog is linkable (?dialog=password); opened over unsaved edits it stays out of the address, which
  // would otherwise ask to leave the page.
  const [passwordOverEdits, setPasswordOverEdits] = useState(false);
  const openPassword = () => (hasUnsavedChanges() ? setPasswordOverEdits(true) : update({ dialog: 'password' }));
  const closePassword = () => (passwordOverEdits ? setPasswordOverEdits(false) : update({ dialog: undefined }));

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('users.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => update({ action: 'new', user: undefined, dialog: undefined })}
        >
          {t('users.list.create')}
        </Button>
      </Box>
      <UserListFilters
        search={state.search}
        status={state.status}
        loginType={state.login_type}
        onSearch={handleSearch}
        onStatus={(status) => update({ status, page: undefined })}
        onLoginType={(login_type) => update({ login_type, page: undefined })}
      />
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeError(list.error, i18n)}
        </Alert>
      )}
      {list.isPending ? (
        <PageLoading />
      ) : (
        <UserTable
          users={list.data?.users ?? []}
          total={list.data?.total ?? 0}
          page={state.page}
          pageSize={USERS_PAGE_SIZE}
          selected={state.user}
          loading={list.isFetching}
          onPage={(page) => update({ page })}
          onSelect={(user) => update({ user, action: undefined, dialog: undefined })}
        />
      )}

      {state.action === 'new' && !state.user && (
        <UserEditor
          onClose={closeForm}
          onSaved={closeForm}
          onSetPassword={() => undefined}
          onReload={async () => undefined}
        />
      )}
      {state.user && selected.data && (
        <UserEditor
          key={state.user}
          user={selected.data}
          onClose={closeForm}
          onSaved={closeForm}
          onSetPassword={openPassword}
          onReload={async () => (await selected.refetch()).data}
        />
      )}
      {state.user && !selected.data && (
        // The user opened from the address is loading (or failed); the form opens once it is here.
        <Box sx={{ mt: 2 }}>
          {selected.isError ? <Alert severity="error">{describeError(selected.error, i18n)}</Alert> : <PageLoading />}
        </Box>
      )}
      {state.user && (state.dialog === 'password' || passwordOverEdits) && (
        <SetPasswordDialog userid={state.user} onClose={closePassword} />
      )}
    </Box>
  );
}
