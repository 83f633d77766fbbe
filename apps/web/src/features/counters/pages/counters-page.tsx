import { Visibility as VisibilityIcon, VisibilityOff as VisibilityOffIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { COUNTER_TYPES, type Counter } from '@cd/core';
import { ChoiceFilter, ResourceListPage, SiteFilter, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { counterApi, countersUrl } from '../api';
import { CounterDetail } from '../components/counter-detail';
import { CounterForm } from '../components/counter-form';
import { HideCounterDialog } from '../components/hide-counter-dialog';
import { formatTime } from '../format';
import { HIDE_COUNTER, useHolds } from '../permissions';
import { useUserSites } from '../../../lib/use-user-sites';

/**
 * /counterManagement (page counterManagement; spec 000 §2.3, §3, §4): counters per food court and restaurant,
 * filtered by site and type; create from a template or with settings of their own; hide and unhide (hide_counter:
 * the service flags are saved and cleared, then restored); each counter's devices and licences in its detail.
 */
export function CountersPage() {
  const { t } = useTranslation();
  const url = useUrlState(countersUrl);
  const { state, update } = url;
  const { nameOf } = useUserSites();
  const holds = useHolds();
  const columns: ResourceColumn<Counter>[] = [
    {
      id: 'name',
      header: t('counters.counter.name'),
      sortable: true,
      primary: true,
      cell: (c) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {c.name}
          {c.hidden && <Chip size="small" color="warning" label={t('counters.counter.hiddenChip')} />}
        </Box>
      ),
    },
    { id: 'foodcourt', header: t('counters.counter.foodcourt'), sortable: true, cell: (c) => nameOf(c.foodcourt) },
    {
      id: 'restaurant',
      header: t('counters.counter.restaurant'),
      cell: (c) => (c.restaurant ? nameOf(c.restaurant) : '—'),
    },
    {
      id: 'counter_type',
      header: t('counters.counter.type'),
      sortable: true,
      cell: (c) => t(`counters.type.${c.counter_type}`),
    },
    { id: 'mode', header: t('counters.settings.mode'), cell: (c) => t(`counters.mode.${c.settings.mode}`) },
    {
      id: 'devices',
      header: t('counters.counter.devices'),
      align: 'right',
      cell: (c) => t('counters.counter.devicesOnline', { online: c.online, count: c.devices }),
    },
    { id: 'updated_at', header: t('counters.updated'), sortable: true, cell: (c) => formatTime(c.updated_at) },
  ];
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('counters.counter.title')}
        intro={t('counters.counter.intro')}
        api={counterApi}
        url={url}
        columns={columns}
        listLabel={t('counters.counter.listLabel')}
        rowName={(c) => c.name}
        searchLabel={t('counters.counter.search')}
        filters={
          <>
            <SiteFilter
              foodcourt={state.foodcourt}
              restaurant={state.restaurant}
              onChange={(site) => update({ ...site, page: undefined })}
            />
            <ChoiceFilter
              label={t('counters.counter.type')}
              value={state.type}
              values={COUNTER_TYPES}
              name={(type) => t(`counters.type.${type}`)}
              onChange={(type) => update({ type, page: undefined })}
            />
          </>
        }
        empty={t('counters.counter.empty')}
        exportable={false}
        createLabel={t('counters.counter.add')}
        detail={{
          label: (c) => t('counters.counter.open', { name: c.name }),
          render: (props) => <CounterDetail {...props} />,
        }}
        rowActions={(c, open) =>
          holds(HIDE_COUNTER) && (
            <Tooltip title={t(c.hidden ? 'counters.hide.unhideNamed' : 'counters.hide.hideNamed', { name: c.name })}>
              <IconButton
                aria-label={t(c.hidden ? 'counters.hide.unhideNamed' : 'counters.hide.hideNamed', { name: c.name })}
                onClick={() => open('hide')}
              >
                {c.hidden ? <VisibilityIcon /> : <VisibilityOffIcon />}
              </IconButton>
            </Tooltip>
          )
        }
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'hide' ? <HideCounterDialog counter={row} onClose={onClose} /> : null
        }
        deletion={{
          title: (c) => t('counters.counter.deleteTitle', { name: c.name }),
          text: (c) =>
            c.devices > 0
              ? t('counters.counter.deleteTextDevices', { count: c.devices })
              : t('counters.counter.deleteText'),
        }}
        renderForm={(props) => <CounterForm {...props} />}
      />
    </Box>
  );
}
