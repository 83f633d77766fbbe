import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { submenuPageLabel } from '@cd/core';
import { PageLoading, RestaurantPicker } from '../../../components';
import { useRestaurantChoices } from '../../../lib/restaurant-choices';
import { useProfile } from '../../auth';
import { SubmenuEditor } from '../../submenu-editor';
import { applyPatch } from '../../users';
import { menuManagementKeys } from '../api';
import { CategorySection } from '../components/category-section';
import { SubmenuSection } from '../components/submenu-section';

/**
 * /submenu_management (spec 000 §2.3, spec 001 §2): a restaurant's categories and submenus. The address holds
 * the restaurant (?restaurant=) and the submenu open in the editor (?submenu=<id> or ?submenu=new). A user
 * holding only category_Only or only submenu_Only sees that half alone, under the matching title.
 */
export function SubmenuManagementPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const extras = profile.data?.vendorextras;
  const label = submenuPageLabel({
    admin: extras?.admin === true,
    pagepermissionaccess: extras?.pagepermissionaccess ?? [],
    permissions: extras?.permissions ?? [],
  });
  const [params, setParams] = useSearchParams();
  const restaurant = params.get('restaurant') ?? '';
  const submenu = params.get('submenu') ?? '';
  const update = useCallback(
    (patch: Record<string, string | undefined>) => setParams((prev) => applyPatch(prev, patch)),
    [setParams],
  );
  const restaurants = useRestaurantChoices();
  const restaurantName = restaurants.find((r) => r.restaurant === restaurant)?.name ?? restaurant;

  const closeEditor = (saved: boolean) => {
    update({ submenu: undefined });
    if (saved) void queryClient.invalidateQueries({ queryKey: menuManagementKeys.submenus(restaurant) });
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t(`nav.${label}`)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <RestaurantPicker
          label={t('menuManagement.restaurant.label')}
          value={restaurant}
          onChange={(next) => update({ restaurant: next, submenu: undefined })}
        />
      </Box>
      {profile.isPending ? (
        // Which halves to show depends on the user's permissions.
        <PageLoading />
      ) : !restaurant ? (
        <Typography color="text.secondary">
          {t(restaurants.length === 0 ? 'menuManagement.restaurant.noRestaurants' : 'menuManagement.restaurant.choose')}
        </Typography>
      ) : (
        <>
          {label !== 'submenuOnly' && (
            <CategorySection key={`c-${restaurant}`} restaurant={restaurant} restaurantName={restaurantName} />
          )}
          {label !== 'categoryOnly' && (
            <SubmenuSection
              key={`s-${restaurant}`}
              restaurant={restaurant}
              restaurantName={restaurantName}
              onOpen={(id) => update({ submenu: id })}
            />
          )}
        </>
      )}
      {restaurant && submenu && label !== 'categoryOnly' && (
        <SubmenuEditor
          key={submenu}
          mode="menu"
          restaurant={restaurant}
          submenuid={submenu === 'new' ? undefined : submenu}
          open
          onClose={closeEditor}
        />
      )}
    </Box>
  );
}
