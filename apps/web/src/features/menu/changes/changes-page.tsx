import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { MENU_CHANGE_STATUSES, type MenuChangeSet } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { RestaurantPicker } from '../../../components/restaurant-picker';
import { formatSyncTime } from '../../../lib/format';
import { useUrlState } from '../../../lib/url-state';
import { ChangeActionDialog } from './action-dialog';
import { isCancellable, isOpen, menuChangeApi, menuChangesUrl } from './api';
import { ChangeDrawer } from './change-drawer';
import { ChangeForm } from './change-form';
import { ChangeStatusChip } from './status-chip';

/**
 * /menu-changes (page editMenu; issue 36 point 3, Toast's change sets): named sets of item edits — name, price,
 * visibility — of a restaurant, drafted, previewed against the live menu (`?view=<id>`: conflicts where an item was
 * changed since), and published at their time by the job processes or now, once, with a report; a draft or
 * scheduled one may be cancelled.
 */
export function MenuChangesPage() {
  const { t } = useTranslation();
  const url = useUrlState(menuChangesUrl);
  const { state, update } = url;
  const columns: ResourceColumn<MenuChangeSet>[] = [
    { id: 'name', header: t('menuChanges.columns.name'), sortable: true, primary: true, cell: (c) => c.name },
    { id: 'restaurant', header: t('menuChanges.columns.restaurant'), cell: (c) => c.restaurant_name },
    { id: 'items', header: t('menuChanges.columns.items'), align: 'right', cell: (c) => c.entry_count },
    {
      id: 'publish_at',
      header: t('menuChanges.columns.publishAt'),
      sortable: true,
      cell: (c) => formatSyncTime(c.publish_at) ?? t('menuChanges.draftNoTime'),
    },
    {
      id: 'status',
      header: t('menuChanges.columns.status'),
      sortable: true,
      primary: true,
      cell: (c) => <ChangeStatusChip status={c.status} />,
    },
  ];
  const openDialog = (change: MenuChangeSet, dialog: 'publish' | 'cancel') =>
    update({ edit: String(change.id), dialog });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('menuChanges.title')}
        intro={t('menuChanges.intro')}
        api={menuChangeApi}
        url={url}
        columns={columns}
        listLabel={t('menuChanges.listLabel')}
        rowName={(c) => c.name}
        searchLabel={t('menuChanges.search')}
        filters={
          <>
            <RestaurantPicker
              label={t('menuChanges.columns.restaurant')}
              value={state.restaurant}
              onChange={(restaurant) => update({ restaurant, page: undefined })}
            />
            <ChoiceFilter
              label={t('menuChanges.columns.status')}
              value={state.status}
              values={MENU_CHANGE_STATUSES}
              name={(status) => t(`menuChanges.status.${status}`)}
              onChange={(status) => update({ status, page: undefined })}
            />
          </>
        }
        empty={t('menuChanges.empty')}
        exportable={false}
        createLabel={t('menuChanges.add')}
        canEdit={isOpen}
        detail={{
          label: (c) =>
            t(isOpen(c) ? 'menuChanges.detail.openPreview' : 'menuChanges.detail.openReport', { name: c.name }),
          render: ({ id, onClose }) => <ChangeDrawer id={id} onClose={onClose} onAction={openDialog} />,
        }}
        rowActions={(c, open) => (
          <>
            {isOpen(c) && (
              <Button
                size="small"
                onClick={() => open('publish')}
                aria-label={t('menuChanges.actions.publishNowOf', { name: c.name })}
              >
                {t('menuChanges.actions.publishNow')}
              </Button>
            )}
            {isCancellable(c) && (
              <Button
                size="small"
                color="warning"
                onClick={() => open('cancel')}
                aria-label={t('menuChanges.actions.cancelOf', { name: c.name })}
              >
                {t('menuChanges.actions.cancel')}
              </Button>
            )}
          </>
        )}
        renderDialog={({ row, dialog, onClose }) =>
          (dialog === 'publish' && isOpen(row)) || (dialog === 'cancel' && isCancellable(row)) ? (
            <ChangeActionDialog change={row} action={dialog} onClose={onClose} />
          ) : null
        }
        deletion={{
          blockedBecause: (c) => (c.status === 'published' ? t('menuChanges.cannotDeletePublished') : ''),
          title: (c) => t('menuChanges.deleteTitle', { name: c.name }),
          text: () => t('menuChanges.deleteText'),
        }}
        renderForm={(props) => <ChangeForm {...props} restaurant={state.restaurant} />}
      />
    </Box>
  );
}
