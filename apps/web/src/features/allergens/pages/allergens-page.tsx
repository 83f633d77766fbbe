import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AllergenView } from '@cd/core';
import { ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { allergenApi, allergensUrl } from '../api';
import { AllergenForm } from '../components/allergen-form';

/**
 * /allergens (spec 000 §3, §7): the allergen catalogue — the 14 regulated allergens and custom ones — with the
 * number of items using each. Edit name and image; add a custom allergen; delete a custom one no item uses.
 */
export function AllergensPage() {
  const { t } = useTranslation();
  const url = useUrlState(allergensUrl);
  const columns: ResourceColumn<AllergenView>[] = [
    {
      id: 'image',
      header: t('allergens.image'),
      cell: (a) =>
        a.imageurl ? (
          <Box
            component="img"
            src={a.imageurl}
            alt={a.name}
            sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('allergens.noImage')}
          </Typography>
        ),
    },
    {
      id: 'code',
      header: t('allergens.code'),
      sortable: true,
      primary: true,
      cell: (a) => (
        <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
          {a.code}
        </Box>
      ),
    },
    { id: 'name', header: t('allergens.name'), sortable: true, primary: true, cell: (a) => a.name },
    { id: 'item_count', header: t('allergens.items'), align: 'right', cell: (a) => a.item_count },
    {
      id: 'regulated',
      header: t('allergens.kind'),
      sortable: true,
      cell: (a) => (
        <Chip
          size="small"
          variant={a.regulated ? 'outlined' : 'filled'}
          color={a.regulated ? 'primary' : 'default'}
          label={t(a.regulated ? 'allergens.regulated' : 'allergens.custom')}
        />
      ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('allergens.title')}
        intro={t('allergens.intro')}
        api={allergenApi}
        url={url}
        // Item counts walk every item's allergens, so only this page asks for them.
        fixedQuery={{ counts: 'true' }}
        columns={columns}
        listLabel={t('allergens.listLabel')}
        rowName={(a) => a.name}
        searchLabel={t('allergens.search')}
        filters={
          <TextField
            select
            size="small"
            label={t('allergens.kind')}
            value={url.state.regulated ?? ''}
            onChange={(event) =>
              url.update({
                regulated: (event.target.value || undefined) as 'true' | 'false' | undefined,
                page: undefined,
              })
            }
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('allergens.allKinds')}</MenuItem>
            <MenuItem value="true">{t('allergens.regulated')}</MenuItem>
            <MenuItem value="false">{t('allergens.custom')}</MenuItem>
          </TextField>
        }
        createLabel={t('allergens.add')}
        deletion={{
          blockedBecause: (a) =>
            a.regulated
              ? t('allergens.cannotDeleteRegulated')
              : (a.item_count ?? 0) > 0
                ? t('allergens.cannotDeleteUsed', { count: a.item_count })
                : '',
          title: (a) => t('allergens.deleteTitle', { name: a.name }),
          text: (a) => t('allergens.deleteText', { code: a.code }),
        }}
        renderForm={(props) => <AllergenForm {...props} />}
      />
    </Box>
  );
}
