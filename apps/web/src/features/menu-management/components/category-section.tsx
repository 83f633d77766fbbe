import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATEGORY_SORT, categoryCreateBody, type CategoryView } from '@cd/core';
import {
  FormTextField,
  LastChanged,
  ResourceFormDialog,
  ResourceListPage,
  type FormRenderProps,
  type ResourceColumn,
} from '../../../components/resource';
import { ApiError } from '../../../lib/api-client';
import { listUrlState } from '../../../lib/list-url-state';
import { useUrlState } from '../../../lib/url-state';
import { MenuHistoryDrawer } from '../../menu';
import { categoryApi } from '../api';

/** The section's own address keys (`category_edit`, `category_page`, …): the page also lists submenus. */
const categoriesUrl = listUrlState({ sort: CATEGORY_SORT, dialogs: ['delete', 'history'] as const });
const PREFIX = 'category_';
const nameOnly = categoryCreateBody.pick({ name: true });

function CategoryForm({ restaurant, ...props }: FormRenderProps<CategoryView> & { restaurant: string }) {
  const { row } = props;
  const { t } = useTranslation();
  const save = categoryApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      title={t(row ? 'menuManagement.categories.renameTitle' : 'menuManagement.categories.addTitle')}
      schema={nameOnly}
      toValues={(r) => ({ name: r?.name ?? '' })}
      save={({ name }, version) =>
        save.mutateAsync(row ? { id: row.id, body: { name }, version } : { body: { restaurant, name } })
      }
    >
      {(form) => (
        <FormTextField
          control={form.control}
          name="name"
          label={t('menuManagement.categories.name')}
          autoFocus
          required
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      )}
    </ResourceFormDialog>
  );
}

type Props = { restaurant: string; restaurantName: string };

/** The restaurant's categories with their item counts: add, rename, delete (refused while items use one). */
export function CategorySection({ restaurant, restaurantName }: Props) {
  const { t } = useTranslation();
  const url = useUrlState(categoriesUrl, { prefix: PREFIX });
  const queryClient = useQueryClient();
  const columns: ResourceColumn<CategoryView>[] = [
    { id: 'name', header: t('menuManagement.categories.name'), sortable: true, primary: true, cell: (c) => c.name },
    {
      id: 'item_count',
      header: t('menuManagement.categories.items'),
      sortable: true,
      align: 'right',
      cell: (c) => c.item_count,
    },
    {
      id: 'updated_at',
      header: t('menuManagement.categories.lastChanged'),
      sortable: true,
      cell: (c) => <LastChanged row={c} />,
    },
  ];
  return (
    <ResourceListPage
      headingLevel={2}
      title={t('menuManagement.categories.heading')}
      api={categoryApi}
      url={url}
      fixedQuery={{ restaurant }}
      columns={columns}
      listLabel={t('menuManagement.categories.listLabel', { restaurant: restaurantName })}
      rowName={(c) => c.name}
      editLabel={(c) => t('menuManagement.categories.rename', { name: c.name })}
      createLabel={t('menuManagement.categories.add')}
      empty={t('menuManagement.categories.empty')}
      deletion={{
        title: (c) => t('menuManagement.categories.deleteTitle', { name: c.name }),
        text: () => t('menuManagement.categories.deleteText'),
        failure: (error, c) =>
          error instanceof ApiError && error.code === 'categoryInUse'
            ? {
                title: t('menuManagement.categories.inUseTitle'),
                text: t('menuManagement.categories.inUse', { name: c.name }),
              }
            : null,
      }}
      // Its renames, with who and when; one reverts (issue 36: categories are in the menu history too).
      rowActions={(c, open) => (
        <Button
          size="small"
          onClick={() => open('history')}
          aria-label={t('menuManagement.categories.historyOf', { name: c.name })}
        >
          {t('menuManagement.categories.history')}
        </Button>
      )}
      renderDialog={({ row, dialog, onClose }) =>
        dialog === 'history' ? (
          <MenuHistoryDrawer
            entity="category"
            id={String(row.id)}
            name={row.name}
            canRevert
            onClose={onClose}
            // A reverted rename shows in the list at once.
            onReverted={() => void queryClient.invalidateQueries({ queryKey: categoryApi.keys.all })}
          />
        ) : null
      }
      renderForm={(props) => <CategoryForm {...props} restaurant={restaurant} />}
    />
  );
}
