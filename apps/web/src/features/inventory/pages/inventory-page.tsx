import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { STOCK_STATES, type StockLevel } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { RestaurantPicker } from '../../../components/restaurant-picker';
import { useUrlState } from '../../../lib/url-state';
import { ENTRY_DIALOGS, inventoryApi, inventoryUrl, type EntryDialog } from '../api';
import { LedgerDrawer } from '../components/ledger-drawer';
import { StockEntryDialog } from '../components/stock-entry-dialog';
import { StockSettingsForm } from '../components/stock-settings-form';

function StockChips({ item }: { item: StockLevel }) {
  const { t } = useTranslation();
  if (!item.tracked) return <Chip size="small" variant="outlined" label={t('inventory.notTracked')} />;
  if (item.state === 'sold_out') return <Chip size="small" color="error" label={t('inventory.state.sold_out')} />;
  if (item.state === 'low') return <Chip size="small" color="warning" label={t('inventory.state.low')} />;
  return <Chip size="small" color="success" variant="outlined" label={t('inventory.state.ok')} />;
}

/**
 * /inventoryManagement (page inventoryManagement, issue 20 point 3): a restaurant's items with their stock on hand,
 * low and sold-out marks; Receive, Waste and Count per item, tracking and the low threshold in the edit dialog, and
 * the item's ledger in a drawer. Sold out follows the stock: the ordering apps see it at once.
 */
export function InventoryPage() {
  const { t } = useTranslation();
  const url = useUrlState(inventoryUrl);
  const { state, update } = url;

  const columns: ResourceColumn<StockLevel>[] = [
    { id: 'foodname', header: t('inventory.columns.item'), sortable: true, primary: true, cell: (i) => i.foodname },
    {
      id: 'on_hand',
      header: t('inventory.columns.onHand'),
      sortable: true,
      align: 'right',
      primary: true,
      cell: (i) => (i.tracked ? i.on_hand : '—'),
    },
    {
      id: 'low',
      header: t('inventory.columns.lowAt'),
      align: 'right',
      cell: (i) => (i.tracked && i.low_threshold !== null ? i.low_threshold : ''),
    },
    { id: 'state', header: t('inventory.columns.state'), sortable: true, cell: (i) => <StockChips item={i} /> },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('inventory.title')}
        intro={t('inventory.intro')}
        api={inventoryApi}
        url={url}
        enabled={Boolean(state.restaurant)}
        waitingFor={t('inventory.pickRestaurant')}
        columns={columns}
        listLabel={t('inventory.listLabel')}
        rowName={(i) => i.foodname}
        searchLabel={t('inventory.search')}
        filters={
          <>
            <RestaurantPicker
              label={t('inventory.restaurant')}
              value={state.restaurant}
              onChange={(restaurant) =>
                update({ restaurant, page: undefined, edit: undefined, dialog: undefined, search: undefined })
              }
            />
            <ChoiceFilter
              label={t('inventory.columns.state')}
              value={state.state}
              values={STOCK_STATES}
              name={(s) => t(`inventory.state.${s}`)}
              onChange={(next) => update({ state: next, page: undefined })}
            />
          </>
        }
        empty={t('inventory.empty')}
        canCreate={false}
        editLabel={(i) => t('inventory.editLabel', { name: i.foodname })}
        rowActions={(i, open) => (
          <>
            {ENTRY_DIALOGS.map((kind) => (
              <Button
                key={kind}
                size="small"
                onClick={() => open(kind)}
                aria-label={t(`inventory.actions.${kind}Of`, { name: i.foodname })}
              >
                {t(`inventory.actions.${kind}`)}
              </Button>
            ))}
            <Button
              size="small"
              onClick={() => open('ledger')}
              aria-label={t('inventory.actions.ledgerOf', { name: i.foodname })}
            >
              {t('inventory.actions.ledger')}
            </Button>
          </>
        )}
        renderForm={(props) => <StockSettingsForm {...props} />}
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'ledger' ? (
            <LedgerDrawer item={row} onClose={onClose} />
          ) : (
            <StockEntryDialog item={row} kind={dialog as EntryDialog} onClose={onClose} />
          )
        }
      />
    </Box>
  );
}
