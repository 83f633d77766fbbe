import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PluItem } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { RestaurantPicker } from '../../../components/restaurant-picker';
import { useUrlState } from '../../../lib/url-state';
import { MISSING_FILTER, pluApi, posVsdUrl } from '../api';
import { AssignDialog } from '../components/assign-dialog';
import { PluForm } from '../components/plu-form';
import { SyncSection } from '../components/sync-section';
import { TargetsSection } from '../components/targets-section';

function Availability({ item }: { item: PluItem }) {
  const { t } = useTranslation();
  if (item.sold_out) return <Chip size="small" color="error" label={t('posVsd.plu.soldOut')} />;
  if (item.snoozed_until) return <Chip size="small" color="warning" label={t('posVsd.plu.snoozed')} />;
  if (item.hide_item) return <Chip size="small" variant="outlined" label={t('posVsd.plu.hidden')} />;
  return <Chip size="small" color="success" variant="outlined" label={t('posVsd.plu.onSale')} />;
}

/**
 * /pos-vsd (page pos-vsd, India region; issue 20 points 6 and 7): the codes a POS rings items up by (PLU), and
 * publishing the restaurant's items to its POS and vending machines (vendngo_sync) and its full menu to
 * third-party aggregators, with the log of every delivery. Targets are the endpoints menus go to.
 */
export function PosVsdPage() {
  const { t } = useTranslation();
  const url = useUrlState(posVsdUrl);
  const { state, update } = url;

  const columns: ResourceColumn<PluItem>[] = [
    { id: 'foodname', header: t('posVsd.plu.item'), sortable: true, primary: true, cell: (i) => i.foodname },
    {
      id: 'plu',
      header: t('posVsd.plu.code'),
      sortable: true,
      primary: true,
      cell: (i) => i.plu ?? <Typography color="text.secondary">{t('posVsd.plu.none')}</Typography>,
    },
    { id: 'price', header: t('posVsd.plu.price'), align: 'right', cell: (i) => i.price.toFixed(2) },
    { id: 'taxation', header: t('posVsd.plu.taxation'), cell: (i) => i.taxation },
    { id: 'availability', header: t('posVsd.plu.availability'), cell: (i) => <Availability item={i} /> },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('posVsd.title')}
        intro={t('posVsd.intro')}
        api={pluApi}
        url={url}
        enabled={Boolean(state.restaurant)}
        waitingFor={t('posVsd.pickRestaurant')}
        exportable={false}
        columns={columns}
        listLabel={t('posVsd.plu.listLabel')}
        rowName={(i) => i.foodname}
        searchLabel={t('posVsd.plu.search')}
        filters={
          <>
            <RestaurantPicker
              label={t('posVsd.restaurant')}
              value={state.restaurant}
              onChange={(restaurant) =>
                update({ restaurant, page: undefined, edit: undefined, dialog: undefined, search: undefined })
              }
            />
            <ChoiceFilter
              label={t('posVsd.plu.filter')}
              value={state.missing}
              values={MISSING_FILTER}
              name={() => t('posVsd.plu.withoutPlu')}
              onChange={(next) => update({ missing: next, page: undefined })}
            />
          </>
        }
        headerActions={
          state.restaurant ? (
            <Button variant="outlined" onClick={() => update({ dialog: 'assign' })}>
              {t('posVsd.assign.button')}
            </Button>
          ) : undefined
        }
        empty={t('posVsd.plu.empty')}
        canCreate={false}
        editLabel={(i) => t('posVsd.plu.editLabel', { name: i.foodname })}
        renderForm={(props) => <PluForm {...props} />}
      />
      {state.restaurant && state.dialog === 'assign' && !state.edit && (
        <AssignDialog restaurant={state.restaurant} onClose={() => update({ dialog: undefined })} />
      )}
      {state.restaurant && <SyncSection restaurant={state.restaurant} />}
      <TargetsSection />
    </Box>
  );
}
