import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ClassifiedItem } from '@cd/core';
import {
  DetailDrawer,
  ResourceTable,
  SearchField,
  useTableQuery,
  type ResourceColumn,
} from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useUserSites } from '../../../lib/use-user-sites';
import { useUnassignedItems } from '../api';

const KINDS = ['sales_category', 'accounting_group'] as const;

/** Items with no sales category (Toast's "No sales category") or no accounting group, in the user's restaurants. */
export function UnassignedDrawer({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { restaurantOptions, nameOf } = useUserSites();
  const [kind, setKind] = useState<(typeof KINDS)[number]>('sales_category');
  const [restaurant, setRestaurant] = useState('');
  const list = useTableQuery(25);
  const items = useUnassignedItems(kind, restaurant, list.query);
  const columns: ResourceColumn<ClassifiedItem>[] = [
    { id: 'foodname', header: t('classifications.item'), sortable: true, primary: true, cell: (i) => i.foodname },
    { id: 'restaurant', header: t('classifications.restaurant'), sortable: true, cell: (i) => nameOf(i.restaurant) },
  ];
  return (
    <DetailDrawer title={t('classifications.unassigned.title')} onClose={onClose}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('classifications.unassigned.without')}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as (typeof KINDS)[number]);
              list.table.onPage(1);
            }}
            sx={{ minWidth: 200 }}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`classifications.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('classifications.restaurant')}
            value={restaurant}
            onChange={(event) => {
              setRestaurant(event.target.value);
              list.table.onPage(1);
            }}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">{t('resource.filters.all')}</MenuItem>
            {restaurantOptions().map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <SearchField label={t('classifications.searchItems')} value={list.search} onSearch={list.onSearch} />
        </Box>
        {items.isError && <Alert severity="error">{describeError(items.error, i18n)}</Alert>}
        <ResourceTable
          label={t(`classifications.unassigned.listLabel.${kind}`)}
          columns={columns}
          rows={items.data?.items ?? []}
          rowKey={(i) => i.foodid}
          loading={items.isFetching}
          empty={t('classifications.unassigned.none')}
          total={items.data?.total ?? 0}
          {...list.table}
        />
      </Box>
    </DetailDrawer>
  );
}
