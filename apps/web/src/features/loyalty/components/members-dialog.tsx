import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { LoyaltyMember, LoyaltyProgram } from '@cd/core';
import { GenericDialog } from '../../../components';
import {
  OpenRowButton,
  ResourceTable,
  SearchField,
  useTableQuery,
  type ResourceColumn,
} from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { memberUrl, useLoyaltyMembers } from '../api';
import { formatCount, formatTime } from '../format';
import { MemberDialog } from './member-dialog';

const PAGE_SIZE = 25;

/**
 * A program's members (`?dialog=members&edit=<id>`): searched, sorted and paged on the server (at most 200 a
 * page), with their balances. A member opens over it (`&member=<ref>`) with their history.
 */
export function MembersDialog({ program, onClose }: { program: LoyaltyProgram; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(memberUrl);
  const list = useTableQuery(PAGE_SIZE);
  const members = useLoyaltyMembers(program.id, list.query);
  const open = (member: LoyaltyMember) => update({ member: member.customer_ref });
  // Closing the list closes a member left in the address with it, in one change of the address.
  const close = () => (state.member ? update({ member: undefined, dialog: undefined, edit: undefined }) : onClose());

  const columns: ResourceColumn<LoyaltyMember>[] = [
    {
      id: 'customer_ref',
      header: t('loyalty.members.ref'),
      sortable: true,
      primary: true,
      cell: (m) => (
        <Link component="button" type="button" onClick={() => open(m)} sx={{ textAlign: 'left' }}>
          {m.customer_ref}
        </Link>
      ),
    },
    { id: 'name', header: t('loyalty.members.name'), primary: true, cell: (m) => m.name || '—' },
    {
      id: 'balance',
      header: t('loyalty.members.balance'),
      sortable: true,
      align: 'right',
      cell: (m) => formatCount(m.balance),
    },
    { id: 'earned', header: t('loyalty.members.earned'), align: 'right', cell: (m) => formatCount(m.earned) },
    {
      id: 'last_activity',
      header: t('loyalty.members.lastActivity'),
      sortable: true,
      cell: (m) => formatTime(m.last_activity),
    },
  ];

  return (
    <>
      <GenericDialog open title={t('loyalty.members.title', { name: program.name })} onClose={close} maxWidth="lg">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <SearchField label={t('loyalty.members.search')} value={list.search} onSearch={list.onSearch} />
          {members.isError && <Alert severity="error">{describeError(members.error, i18n)}</Alert>}
          <ResourceTable
            label={t('loyalty.members.listLabel')}
            columns={columns}
            rows={members.data?.members ?? []}
            rowKey={(m) => m.customer_ref}
            actions={(m) => (
              <OpenRowButton label={t('loyalty.members.openOne', { ref: m.customer_ref })} onClick={() => open(m)} />
            )}
            loading={members.isFetching}
            empty={list.search ? t('resource.noMatches') : t('loyalty.members.empty')}
            total={members.data?.total ?? 0}
            {...list.table}
          />
        </Box>
      </GenericDialog>
      {state.member && (
        <MemberDialog program={program} customerRef={state.member} onClose={() => update({ member: undefined })} />
      )}
    </>
  );
}
