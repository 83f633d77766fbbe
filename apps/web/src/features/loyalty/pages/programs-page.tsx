import { GroupsOutlined as GroupsIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { LOYALTY_STATUSES, type LoyaltyKind, type LoyaltyProgram } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { kindQuery, programApi, programsUrl } from '../api';
import { MembersDialog } from '../components/members-dialog';
import { ProgramForm } from '../components/program-form';
import { earnSummary, expiryText, formatCount, formatTime } from '../format';

const STATUS_COLOUR: Record<LoyaltyProgram['status'], ChipProps['color']> = {
  draft: 'default',
  active: 'success',
  paused: 'warning',
  ended: 'default',
};

/** /loyalty_points: points programs (page loyalty_points). */
export function LoyaltyPointsPage() {
  return <ProgramsPage kind="points" />;
}

/** /loyalty-stamps: stamp cards (page loyalty_stamps). */
export function LoyaltyStampsPage() {
  return <ProgramsPage kind="stamps" />;
}

/**
 * The loyalty programs of one kind (issue 18): status, members, what they hold, how they earn in words and when
 * points expire; filtered by status and searched by name; add and edit in a wide drawer; each program's members
 * with their balances and history (`?dialog=members&edit=<id>`); Export.
 */
export function ProgramsPage({ kind }: { kind: LoyaltyKind }) {
  const { t } = useTranslation();
  const url = useUrlState(programsUrl);
  const { state, update } = url;

  const columns: ResourceColumn<LoyaltyProgram>[] = [
    { id: 'name', header: t('loyalty.columns.name'), sortable: true, primary: true, cell: (p) => p.name },
    {
      id: 'status',
      header: t('loyalty.columns.status'),
      sortable: true,
      primary: true,
      cell: (p) => <Chip size="small" color={STATUS_COLOUR[p.status]} label={t(`loyalty.status.${p.status}`)} />,
    },
    { id: 'members', header: t('loyalty.columns.members'), align: 'right', cell: (p) => formatCount(p.members) },
    {
      id: 'outstanding',
      header: t(`loyalty.columns.outstanding.${kind}`),
      align: 'right',
      cell: (p) => formatCount(p.outstanding),
    },
    { id: 'earn', header: t('loyalty.columns.earn'), cell: (p) => earnSummary(t, p) },
    { id: 'expiry', header: t('loyalty.columns.expiry'), cell: (p) => expiryText(t, p.expiry_days) },
    { id: 'updated_at', header: t('loyalty.columns.updated'), sortable: true, cell: (p) => formatTime(p.updated_at) },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t(`loyalty.title.${kind}`)}
        intro={t(`loyalty.intro.${kind}`)}
        api={programApi}
        url={url}
        fixedQuery={kindQuery(kind)}
        columns={columns}
        listLabel={t(`loyalty.listLabel.${kind}`)}
        rowName={(p) => p.name}
        searchLabel={t('loyalty.search')}
        filters={
          <ChoiceFilter
            label={t('loyalty.columns.status')}
            value={state.status}
            values={LOYALTY_STATUSES}
            name={(s) => t(`loyalty.status.${s}`)}
            onChange={(status) => update({ status, page: undefined })}
          />
        }
        empty={t(`loyalty.empty.${kind}`)}
        createLabel={t(`loyalty.add.${kind}`)}
        rowActions={(p, open) => {
          const label = t('loyalty.members.open', { name: p.name });
          return (
            <Tooltip title={label}>
              <IconButton size="small" aria-label={label} onClick={() => open('members')}>
                <GroupsIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          );
        }}
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'members' ? <MembersDialog program={row} onClose={onClose} /> : null
        }
        deletion={{
          title: (p) => t('loyalty.deleteTitle', { name: p.name }),
          text: (p) => (p.members > 0 ? t('loyalty.deleteTextMembers', { count: p.members }) : t('loyalty.deleteText')),
        }}
        renderForm={(props) => <ProgramForm {...props} kind={kind} />}
      />
    </Box>
  );
}
