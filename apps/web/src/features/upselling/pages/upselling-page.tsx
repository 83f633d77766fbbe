import {
  InsightsOutlined as InsightsIcon,
  ShoppingCartCheckout as ShoppingCartCheckoutIcon,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { UpsellRule } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { itemName, TryCartPanel } from '../../offers';
import { upsellApi, upsellUrl } from '../api';
import { TakeUpDialog } from '../components/take-up-dialog';
import { UpsellForm } from '../components/upsell-form';

const NAMES_SHOWN = 3;

/**
 * /upselling (page upselling-items; issue 17 point 5): the upsell rules — with which items they fire, what they
 * suggest and where — with the active filter; add and edit in a drawer; each rule's take-up; and "Preview in a
 * cart", the offers' try-a-cart drawer, whose quote lists the suggestions a cart gets.
 */
export function UpsellingPage() {
  const { t } = useTranslation();
  const url = useUrlState(upsellUrl);
  const { state, update } = url;
  // Names of the items looked up so far (a rule holds foodids); the count when some are not known yet.
  const items = (foodids: readonly string[], none: string) => {
    if (foodids.length === 0) return none;
    const names = foodids.map(itemName);
    const known = names.every((name, i) => name !== foodids[i]);
    return known && names.length <= NAMES_SHOWN
      ? names.join(', ')
      : t('upselling.columns.itemCount', { count: foodids.length });
  };
  const anyOr = (values: readonly string[], name: (v: string) => string) =>
    values.length ? values.map(name).join(', ') : t('upselling.columns.any');

  const columns: ResourceColumn<UpsellRule>[] = [
    { id: 'name', header: t('upselling.columns.name'), sortable: true, primary: true, cell: (r) => r.name },
    {
      id: 'trigger_items',
      header: t('upselling.columns.triggerItems'),
      cell: (r) => items(r.trigger_items, t('upselling.columns.anyCart')),
    },
    { id: 'suggestions', header: t('upselling.columns.suggestions'), cell: (r) => items(r.suggestions, '—') },
    {
      id: 'sessions',
      header: t('upselling.columns.sessions'),
      cell: (r) => anyOr(r.sessions, (s) => t(`offers.session.${s}`)),
    },
    {
      id: 'channels',
      header: t('upselling.columns.channels'),
      cell: (r) => anyOr(r.channels, (c) => t(`offers.channel.${c}`)),
    },
    { id: 'placement', header: t('upselling.columns.placement'), cell: (r) => t(`upselling.placement.${r.placement}`) },
    { id: 'max_shown', header: t('upselling.columns.maxShown'), align: 'right', cell: (r) => r.max_shown },
    {
      id: 'priority',
      header: t('upselling.columns.priority'),
      sortable: true,
      align: 'right',
      cell: (r) => r.priority,
    },
    {
      id: 'active',
      header: t('upselling.columns.active'),
      primary: true,
      cell: (r) => (
        <Chip
          size="small"
          color={r.active ? 'success' : 'default'}
          label={t(r.active ? 'upselling.active.true' : 'upselling.active.false')}
        />
      ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('upselling.title')}
        intro={t('upselling.intro')}
        api={upsellApi}
        url={url}
        columns={columns}
        listLabel={t('upselling.listLabel')}
        rowName={(r) => r.name}
        searchLabel={t('upselling.search')}
        headerActions={
          <Button
            variant="outlined"
            startIcon={<ShoppingCartCheckoutIcon />}
            onClick={() => update({ dialog: 'preview', edit: undefined, action: undefined })}
          >
            {t('upselling.preview')}
          </Button>
        }
        filters={
          <ChoiceFilter
            label={t('upselling.columns.active')}
            value={state.active}
            values={['true', 'false'] as const}
            name={(v) => t(`upselling.active.${v}`)}
            onChange={(active) => update({ active, page: undefined })}
          />
        }
        empty={t('upselling.empty')}
        createLabel={t('upselling.add')}
        rowActions={(r, open) => (
          <Tooltip title={t('upselling.takeUp.open', { name: r.name })}>
            <IconButton aria-label={t('upselling.takeUp.open', { name: r.name })} onClick={() => open('takeup')}>
              <InsightsIcon />
            </IconButton>
          </Tooltip>
        )}
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'takeup' ? <TakeUpDialog rule={row} onClose={onClose} /> : null
        }
        deletion={{
          title: (r) => t('upselling.deleteTitle', { name: r.name }),
          text: () => t('upselling.deleteText'),
        }}
        renderForm={(props) => <UpsellForm {...props} />}
      />
      {state.dialog === 'preview' && !state.edit && (
        <TryCartPanel title={t('upselling.preview')} onClose={() => update({ dialog: undefined })} />
      )}
    </Box>
  );
}
