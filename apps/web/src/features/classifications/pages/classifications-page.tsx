import { useState } from 'react';
import { Checklist as ChecklistIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { CLASSIFICATION_KINDS, type Classification } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { classificationApi, classificationsUrl } from '../api';
import { ClassificationForm } from '../components/classification-form';
import { ItemsDrawer } from '../components/items-drawer';
import { UnassignedDrawer } from '../components/unassigned-drawer';

/**
 * /classifications (issue 20): sales categories, accounting groups, diet tags and other groupings of items, with
 * how many items have each; add and edit; each one's items in a drawer (`?dialog=items&edit=<id>`) where many
 * items of a restaurant are assigned at once.
 */
export function ClassificationsPage() {
  const { t } = useTranslation();
  const url = useUrlState(classificationsUrl);
  const [unassigned, setUnassigned] = useState(false);
  const columns: ResourceColumn<Classification>[] = [
    { id: 'name', header: t('classifications.name'), sortable: true, primary: true, cell: (c) => c.name },
    {
      id: 'kind',
      header: t('classifications.kind'),
      sortable: true,
      primary: true,
      cell: (c) => <Chip size="small" variant="outlined" label={t(`classifications.kinds.${c.kind}`)} />,
    },
    {
      id: 'code',
      header: t('classifications.code'),
      sortable: true,
      cell: (c) => (
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {c.code || '—'}
        </Box>
      ),
    },
    { id: 'item_count', header: t('classifications.items'), sortable: true, align: 'right', cell: (c) => c.item_count },
    { id: 'description', header: t('classifications.description'), cell: (c) => c.description },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('classifications.title')}
        intro={t('classifications.intro')}
        api={classificationApi}
        url={url}
        columns={columns}
        listLabel={t('classifications.listLabel')}
        rowName={(c) => c.name}
        searchLabel={t('classifications.search')}
        filters={
          <ChoiceFilter
            label={t('classifications.kind')}
            value={url.state.kind}
            values={CLASSIFICATION_KINDS}
            name={(k) => t(`classifications.kinds.${k}`)}
            onChange={(kind) => url.update({ kind, page: undefined })}
            minWidth={180}
          />
        }
        headerActions={
          <Button variant="outlined" onClick={() => setUnassigned(true)}>
            {t('classifications.unassigned.open')}
          </Button>
        }
        createLabel={t('classifications.add')}
        rowActions={(c, open) => {
          const label = t('classifications.itemsOf', { name: c.name });
          return (
            <Tooltip title={label}>
              <IconButton size="small" aria-label={label} onClick={() => open('items')}>
                <ChecklistIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          );
        }}
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'items' ? <ItemsDrawer classification={row} onClose={onClose} /> : null
        }
        deletion={{
          title: (c) => t('classifications.deleteTitle', { name: c.name }),
          text: (c) =>
            c.item_count > 0
              ? t('classifications.deleteTextItems', { count: c.item_count })
              : t('classifications.deleteText'),
        }}
        renderForm={(props) => <ClassificationForm {...props} />}
      />
      {unassigned && <UnassignedDrawer onClose={() => setUnassigned(false)} />}
    </Box>
  );
}
