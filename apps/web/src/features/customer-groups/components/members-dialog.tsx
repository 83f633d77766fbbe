import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Customer, CustomerGroup } from '@cd/core';
import { GenericDialog } from '../../../components';
import { ResourceTable, SearchField, useTableQuery, type ResourceColumn } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { MEMBERS_PAGE_SIZE, useGroupMembers } from '../api';

/** A group's members (`?dialog=members&edit=<id>`): searched and paged on the server, with their contacts. */
export function MembersDialog({ group, onClose }: { group: CustomerGroup; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const list = useTableQuery(MEMBERS_PAGE_SIZE);
  const members = useGroupMembers(group.id, list.query);
  const columns: ResourceColumn<Customer>[] = [
    {
      id: 'customer_ref',
      header: t('customerGroups.members.ref'),
      sortable: true,
      primary: true,
      cell: (c) => c.customer_ref,
    },
    { id: 'name', header: t('customerGroups.members.name'), sortable: true, primary: true, cell: (c) => c.name },
    { id: 'email', header: t('customerGroups.members.email'), cell: (c) => c.email || '—' },
    { id: 'phone', header: t('customerGroups.members.phone'), cell: (c) => c.phone || '—' },
    {
      id: 'marketing_opt_in',
      header: t('customerGroups.members.optIn'),
      cell: (c) => t(c.marketing_opt_in ? 'customerGroups.members.yes' : 'customerGroups.members.no'),
    },
  ];
  return (
    <GenericDialog open title={t('customerGroups.members.title', { name: group.name })} onClose={onClose} maxWidth="md">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <SearchField label={t('customerGroups.members.search')} value={list.search} onSearch={list.onSearch} />
        {members.isError && <Alert severity="error">{describeError(members.error, i18n)}</Alert>}
        <ResourceTable
          label={t('customerGroups.members.listLabel')}
          columns={columns}
          rows={members.data?.members ?? []}
          rowKey={(c) => c.customer_ref}
          loading={members.isFetching}
          empty={list.search ? t('resource.noMatches') : t('customerGroups.members.empty')}
          total={members.data?.total ?? 0}
          {...list.table}
        />
      </Box>
    </GenericDialog>
  );
}
