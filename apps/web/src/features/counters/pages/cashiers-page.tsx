import { LockOpen as LockOpenIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { cashierApi, cashiersUrl, useFoodcourtCounters, type Cashier } from '../api';
import { isLocked } from '../cashier-form';
import { CashierForm } from '../components/cashier-form';
import { formatTime } from '../format';
import { useUserSites } from '../../../lib/use-user-sites';

/**
 * /cashier (page cashier-management; spec 000 §2.3): cashier accounts per food court with the counters they may
 * use and a PIN (hashed by the server, locked after wrong tries; a new PIN unlocks).
 */
export function CashiersPage() {
  const { t } = useTranslation();
  const url = useUrlState(cashiersUrl);
  const { state, update } = url;
  const sites = useUserSites();
  const counters = useFoodcourtCounters(state.foodcourt ?? '');
  const counterName = (id: number) => counters.data?.find((c) => c.counter_id === id)?.name ?? `#${id}`;
  const columns: ResourceColumn<Cashier>[] = [
    { id: 'name', header: t('counters.cashiers.name'), sortable: true, primary: true, cell: (c) => c.name },
    {
      id: 'foodcourt',
      header: t('counters.cashiers.foodcourt'),
      sortable: true,
      cell: (c) => sites.nameOf(c.foodcourt),
    },
    {
      id: 'counters',
      header: t('counters.cashiers.counters'),
      cell: (c) =>
        c.counter_ids.length === 0
          ? t('counters.none')
          : state.foodcourt
            ? c.counter_ids.map(counterName).join(', ')
            : t('counters.cashiers.counterCount', { count: c.counter_ids.length }),
    },
    {
      id: 'state',
      header: t('counters.cashiers.state'),
      primary: true,
      cell: (c) =>
        isLocked(c) ? (
          <Chip
            size="small"
            color="error"
            label={t('counters.cashiers.lockedUntil', { at: formatTime(c.locked_until) })}
          />
        ) : c.active ? (
          <Chip size="small" color="success" label={t('counters.cashiers.activeChip')} />
        ) : (
          <Chip size="small" label={t('counters.cashiers.inactiveChip')} />
        ),
    },
    { id: 'updated_at', header: t('counters.updated'), sortable: true, cell: (c) => formatTime(c.updated_at) },
  ];
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('counters.cashiers.title')}
        intro={t('counters.cashiers.intro')}
        api={cashierApi}
        url={url}
        columns={columns}
        listLabel={t('counters.cashiers.listLabel')}
        rowName={(c) => c.name}
        searchLabel={t('counters.cashiers.search')}
        filters={
          <ChoiceFilter
            label={t('counters.cashiers.foodcourt')}
            value={state.foodcourt}
            values={sites.foodcourts.map((f) => f.id)}
            name={sites.nameOf}
            onChange={(foodcourt) => update({ foodcourt, page: undefined })}
            minWidth={200}
          />
        }
        empty={t('counters.cashiers.empty')}
        exportable={false}
        createLabel={t('counters.cashiers.add')}
        rowActions={(c, open) =>
          isLocked(c) && (
            <Button
              size="small"
              startIcon={<LockOpenIcon />}
              aria-label={t('counters.cashiers.unlockNamed', { name: c.name })}
              onClick={() => open('unlock')}
            >
              {t('counters.cashiers.unlock')}
            </Button>
          )
        }
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'unlock' ? (
            <CashierForm
              row={row}
              onClose={onClose}
              reload={() => cashierApi.fetchOne(String(row.cashier_id), undefined, {})}
              unlocking
            />
          ) : null
        }
        deletion={{
          title: (c) => t('counters.cashiers.deleteTitle', { name: c.name }),
          text: () => t('counters.cashiers.deleteText'),
        }}
        renderForm={(props) => <CashierForm {...props} foodcourt={state.foodcourt} />}
      />
    </Box>
  );
}
