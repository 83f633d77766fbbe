import type { ReactNode } from 'react';
import {
  GroupsOutlined as GroupsIcon,
  Refresh as RefreshIcon,
  UploadFile as UploadFileIcon,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_GROUP_KINDS, type CustomerGroup } from '@cd/core';
import { useNotify } from '../../../components/snackbar';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { groupApi, groupsUrl, useRefreshGroup } from '../api';
import { GroupFormDialog } from '../components/group-form';
import { ImportDialog } from '../components/import-dialog';
import { MembersDialog } from '../components/members-dialog';
import { formatCount, formatTime } from '../format';

function RowAction({
  label,
  onClick,
  disabled,
  icon,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  icon: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * /groups (page groups; issue 17): customer groups — static lists imported from a file, or rules finding the
 * customers who ordered recently — with their member counts; members, import (static) and refresh (rule) per
 * row; delete refused while a campaign uses the group.
 */
export function GroupsPage() {
  const { t, i18n } = useTranslation();
  const url = useUrlState(groupsUrl);
  const { state, update } = url;
  const notify = useNotify();
  const refresh = useRefreshGroup();

  const refreshGroup = (group: CustomerGroup) =>
    refresh.mutate(group, {
      onSuccess: (answer) => {
        const count = answer.group?.member_count ?? answer.member_count ?? group.member_count;
        notify({
          severity: 'success',
          message: t('customerGroups.refresh.done', { name: group.name, count, formatted: formatCount(count) }),
        });
      },
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });

  const columns: ResourceColumn<CustomerGroup>[] = [
    { id: 'name', header: t('customerGroups.columns.name'), sortable: true, primary: true, cell: (g) => g.name },
    {
      id: 'kind',
      header: t('customerGroups.columns.kind'),
      sortable: true,
      cell: (g) => (
        <Chip
          size="small"
          variant="outlined"
          color={g.kind === 'rule' ? 'primary' : 'default'}
          label={t(`customerGroups.kind.${g.kind}`)}
        />
      ),
    },
    {
      id: 'member_count',
      header: t('customerGroups.columns.members'),
      sortable: true,
      align: 'right',
      cell: (g) => formatCount(g.member_count),
    },
    {
      id: 'refreshed_at',
      header: t('customerGroups.columns.refreshed'),
      cell: (g) => (g.kind === 'rule' ? formatTime(g.refreshed_at) : t('customerGroups.never')),
    },
    {
      id: 'updated_at',
      header: t('customerGroups.columns.updated'),
      sortable: true,
      cell: (g) => formatTime(g.updated_at),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('customerGroups.title')}
        intro={t('customerGroups.intro')}
        api={groupApi}
        url={url}
        columns={columns}
        listLabel={t('customerGroups.listLabel')}
        rowName={(g) => g.name}
        searchLabel={t('customerGroups.search')}
        filters={
          <ChoiceFilter
            label={t('customerGroups.columns.kind')}
            value={state.kind}
            values={CUSTOMER_GROUP_KINDS}
            name={(kind) => t(`customerGroups.kind.${kind}`)}
            onChange={(kind) => update({ kind, page: undefined })}
          />
        }
        empty={t('customerGroups.empty')}
        createLabel={t('customerGroups.add')}
        rowActions={(g, open) => (
          <>
            <RowAction
              label={t('customerGroups.members.open', { name: g.name })}
              icon={<GroupsIcon fontSize="small" />}
              onClick={() => open('members')}
            />
            {g.kind === 'static' ? (
              <RowAction
                label={t('customerGroups.import.open', { name: g.name })}
                icon={<UploadFileIcon fontSize="small" />}
                onClick={() => open('import')}
              />
            ) : (
              <RowAction
                label={t('customerGroups.refresh.open', { name: g.name })}
                icon={<RefreshIcon fontSize="small" />}
                disabled={refresh.isPending && refresh.variables?.id === g.id}
                onClick={() => refreshGroup(g)}
              />
            )}
          </>
        )}
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'members' ? (
            <MembersDialog group={row} onClose={onClose} />
          ) : dialog === 'import' && row.kind === 'static' ? (
            <ImportDialog group={row} onClose={onClose} />
          ) : null
        }
        deletion={{
          title: (g) => t('customerGroups.deleteTitle', { name: g.name }),
          text: () => t('customerGroups.deleteText'),
          failure: (error) =>
            error instanceof ApiError && error.code === 'groupInUse'
              ? { title: t('customerGroups.inUseTitle'), text: error.serverMessage || describeError(error, i18n) }
              : null,
        }}
        renderForm={(props) => <GroupFormDialog {...props} />}
      />
    </Box>
  );
}
