import { useState } from 'react';
import {
  PlaylistAdd as PlaylistAddIcon,
  RemoveCircleOutline as RemoveCircleOutlineIcon,
} from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { Classification, ClassifiedItem } from '@cd/core';
import {
  DetailDrawer,
  ResourceTable,
  SearchField,
  useTableQuery,
  type ResourceColumn,
} from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useUserSites } from '../../../lib/use-user-sites';
import { useAssign, useClassifiedItems, type AssignAnswer } from '../api';
import { AssignPanel } from './assign-panel';
import { useAssignSummary } from './assign-summary';

/**
 * A classification's items (`?dialog=items&edit=<id>`): searched and paged on the server, each with Remove; and
 * "Assign items", which picks many items of one restaurant and assigns them at once.
 */
export function ItemsDrawer({ classification, onClose }: { classification: Classification; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { nameOf } = useUserSites();
  const list = useTableQuery(25);
  const items = useClassifiedItems(classification.id, list.query);
  const assign = useAssign(classification.id);
  const summary = useAssignSummary();
  const [assigning, setAssigning] = useState(false);
  const [done, setDone] = useState('');

  const remove = (item: ClassifiedItem) => {
    setDone('');
    assign.mutate(
      { foodids: [item.foodid], mode: 'remove' },
      { onSuccess: () => setDone(t('classifications.removed', { name: item.foodname })) },
    );
  };
  const assigned = (answer: AssignAnswer) => {
    setDone(summary(answer));
    setAssigning(false);
  };

  const columns: ResourceColumn<ClassifiedItem>[] = [
    { id: 'foodname', header: t('classifications.item'), sortable: true, primary: true, cell: (i) => i.foodname },
    { id: 'restaurant', header: t('classifications.restaurant'), sortable: true, cell: (i) => nameOf(i.restaurant) },
  ];

  return (
    <DetailDrawer
      title={t('classifications.itemsTitle', { name: classification.name })}
      subtitle={t(`classifications.kinds.${classification.kind}`)}
      onClose={onClose}
      actions={
        !assigning && (
          <Button
            variant="contained"
            startIcon={<PlaylistAddIcon />}
            onClick={() => {
              setDone('');
              setAssigning(true);
            }}
          >
            {t('classifications.assign.open')}
          </Button>
        )
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {done && (
          <Alert severity="success" onClose={() => setDone('')}>
            {done}
          </Alert>
        )}
        {assign.isError && !assigning && <Alert severity="error">{describeError(assign.error, i18n)}</Alert>}
        {assigning ? (
          <AssignPanel classification={classification} onAssigned={assigned} onCancel={() => setAssigning(false)} />
        ) : (
          <>
            <SearchField label={t('classifications.searchItems')} value={list.search} onSearch={list.onSearch} />
            {items.isError && <Alert severity="error">{describeError(items.error, i18n)}</Alert>}
            <ResourceTable
              label={t('classifications.itemsListLabel', { name: classification.name })}
              columns={columns}
              rows={items.data?.items ?? []}
              rowKey={(i) => i.foodid}
              actions={(i) => {
                const label = t('classifications.removeItem', { name: i.foodname });
                return (
                  <Tooltip title={label}>
                    <IconButton size="small" aria-label={label} disabled={assign.isPending} onClick={() => remove(i)}>
                      <RemoveCircleOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                );
              }}
              loading={items.isFetching}
              empty={list.search ? t('resource.noMatches') : t('classifications.noItems')}
              total={items.data?.total ?? 0}
              {...list.table}
            />
          </>
        )}
      </Box>
    </DetailDrawer>
  );
}
