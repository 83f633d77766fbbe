import type { ReactNode } from 'react';
import {
  ConfirmationNumberOutlined as ConfirmationNumberOutlinedIcon,
  InsightsOutlined as InsightsIcon,
  ShoppingCartCheckout as ShoppingCartCheckoutIcon,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import {
  OFFER_KIND_LABELS,
  OFFER_KINDS,
  OFFER_STATUSES,
  type Offer,
  type OfferStatus,
  type OfferTrigger,
} from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { useUrlState } from '../../../lib/url-state';
import { offerApi, offersUrl, triggerQuery } from '../api';
import { CodesDialog } from '../components/codes-dialog';
import { OfferForm } from '../components/offer-form';
import { ResultsDialog } from '../components/results-dialog';
import { TryCartPanel } from '../components/try-cart-panel';

const STATUS_COLOUR: Record<OfferStatus, ChipProps['color']> = {
  draft: 'default',
  active: 'success',
  paused: 'warning',
  ended: 'default',
};

/** /promotions: offers unlocked by a code (page promotions). */
export function PromotionsPage() {
  return <OffersPage trigger="code" />;
}

/** /discounts: offers that apply by themselves (page offers-discount). */
export function DiscountsPage() {
  return <OffersPage trigger="auto" />;
}

/**
 * The offers of one trigger (issue 17): the list with status and kind filters, uses against their limit and
 * discount given against the budget; add and edit in a wide drawer; per row its codes (unique-code promotions),
 * its results and "Try" (a cart priced with this offer included, even as a draft); "Try a cart" for any cart.
 */
export function OffersPage({ trigger }: { trigger: OfferTrigger }) {
  const { t } = useTranslation();
  const url = useUrlState(offersUrl);
  const { state, update } = url;
  const money = moneyFormatter();
  const word = trigger === 'code' ? 'promotion' : 'discount';
  const uniqueCodes = (o: Offer) => o.trigger === 'code' && o.code_mode === 'unique';

  const columns: ResourceColumn<Offer>[] = [
    { id: 'name', header: t('offers.columns.name'), sortable: true, primary: true, cell: (o) => o.name },
    { id: 'kind', header: t('offers.columns.kind'), cell: (o) => OFFER_KIND_LABELS[o.kind] },
    { id: 'summary', header: t('offers.columns.summary'), cell: (o) => o.summary },
    {
      id: 'status',
      header: t('offers.columns.status'),
      sortable: true,
      primary: true,
      cell: (o) => <Chip size="small" color={STATUS_COLOUR[o.status]} label={t(`offers.status.${o.status}`)} />,
    },
    { id: 'priority', header: t('offers.columns.priority'), sortable: true, align: 'right', cell: (o) => o.priority },
    {
      id: 'stacking',
      header: t('offers.columns.stacking'),
      cell: (o) => t(o.stacking === 'exclusive' ? 'offers.stacking.exclusive' : 'offers.stacking.stackable'),
    },
    {
      id: 'uses',
      header: t('offers.columns.uses'),
      sortable: true,
      align: 'right',
      cell: (o) => (o.limits.uses_total ? `${o.uses} / ${o.limits.uses_total}` : String(o.uses)),
    },
    {
      id: 'spent',
      header: t('offers.columns.spent'),
      sortable: true,
      align: 'right',
      cell: (o) =>
        o.limits.budget
          ? t('offers.columns.ofBudget', { spent: money(o.spent), budget: money(o.limits.budget) })
          : money(o.spent),
    },
    ...(trigger === 'code'
      ? [
          {
            id: 'codes',
            header: t('offers.columns.codes'),
            align: 'right' as const,
            cell: (o: Offer) => (uniqueCodes(o) ? o.codes : o.shared_code || '—'),
          },
        ]
      : []),
  ];

  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t(`offers.title.${word}`)}
        intro={t(`offers.intro.${word}`)}
        api={offerApi}
        url={url}
        fixedQuery={triggerQuery(trigger)}
        columns={columns}
        listLabel={t(`offers.listLabel.${word}`)}
        rowName={(o) => o.name}
        searchLabel={t('offers.search')}
        headerActions={
          <Button
            variant="outlined"
            startIcon={<ShoppingCartCheckoutIcon />}
            onClick={() => update({ dialog: 'try', edit: undefined, action: undefined })}
          >
            {t('offers.try.open')}
          </Button>
        }
        filters={
          <>
            <ChoiceFilter
              label={t('offers.columns.status')}
              value={state.status}
              values={OFFER_STATUSES}
              name={(s) => t(`offers.status.${s}`)}
              onChange={(status) => update({ status, page: undefined })}
            />
            <ChoiceFilter
              label={t('offers.columns.kind')}
              value={state.kind}
              values={OFFER_KINDS}
              name={(k) => OFFER_KIND_LABELS[k]}
              onChange={(kind) => update({ kind, page: undefined })}
              minWidth={180}
            />
          </>
        }
        empty={t(`offers.empty.${word}`)}
        createLabel={t(`offers.add.${word}`)}
        rowActions={(o, open) => (
          <>
            {uniqueCodes(o) &&
              action(t('offers.codes.open', { name: o.name }), <ConfirmationNumberOutlinedIcon />, () => open('codes'))}
            {action(t('offers.results.open', { name: o.name }), <InsightsIcon />, () => open('results'))}
            {action(t('offers.try.openOne', { name: o.name }), <ShoppingCartCheckoutIcon />, () => open('try'))}
          </>
        )}
        renderDialog={({ row, dialog, onClose }) => {
          if (dialog === 'codes') return <CodesDialog offer={row} onClose={onClose} />;
          if (dialog === 'results') return <ResultsDialog offer={row} onClose={onClose} />;
          if (dialog === 'try')
            return (
              <TryCartPanel include={[row.id]} title={t('offers.try.titleOne', { name: row.name })} onClose={onClose} />
            );
          return null;
        }}
        deletion={{
          title: (o) => t('offers.deleteTitle', { name: o.name }),
          text: (o) => (o.uses > 0 ? t('offers.deleteTextUsed', { count: o.uses }) : t('offers.deleteText')),
        }}
        renderForm={(props) => <OfferForm {...props} trigger={trigger} />}
      />
      {state.dialog === 'try' && !state.edit && (
        <TryCartPanel onClose={() => update({ dialog: undefined })} title={t('offers.try.title')} />
      )}
    </Box>
  );
}
