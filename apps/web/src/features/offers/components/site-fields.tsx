import { useTranslation } from 'react-i18next';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { useUserSites } from '../../../lib/use-user-sites';
import { FieldRow } from '../../../components/form-parts';

export type SiteFieldsProps = {
  foodcourts: readonly string[];
  restaurants: readonly string[];
  onChange: (sites: { foodcourts: string[]; restaurants: string[] }) => void;
  errors?: { foodcourts?: string; restaurants?: string };
};

/**
 * Where an offer or rule holds: some of the user's food courts, and some restaurants (of the food courts chosen,
 * else any of the user's). None chosen means every one. A food court dropped takes its restaurants with it.
 */
export function SiteFields({ foodcourts, restaurants, onChange, errors }: SiteFieldsProps) {
  const { t } = useTranslation();
  const sites = useUserSites();
  const known = (ids: readonly string[], options: { value: string; label: string }[]) => [
    ...options,
    ...ids.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: sites.nameOf(id) })),
  ];
  const restaurantOptions = sites.restaurantOptions(foodcourts);
  return (
    <FieldRow>
      <MultiSelectDropdown
        label={t('offers.sites.foodcourts')}
        options={known(foodcourts, sites.foodcourtOptions)}
        value={foodcourts}
        onChange={(next) => {
          const within = new Set(sites.restaurantOptions(next).map((r) => r.value));
          onChange({
            foodcourts: next,
            restaurants: next.length ? restaurants.filter((r) => within.has(r)) : [...restaurants],
          });
        }}
        helperText={errors?.foodcourts ?? t('offers.sites.foodcourtsHint')}
        error={Boolean(errors?.foodcourts)}
      />
      <MultiSelectDropdown
        label={t('offers.sites.restaurants')}
        options={known(restaurants, restaurantOptions)}
        value={restaurants}
        onChange={(next) => onChange({ foodcourts: [...foodcourts], restaurants: next })}
        helperText={errors?.restaurants ?? t('offers.sites.restaurantsHint')}
        error={Boolean(errors?.restaurants)}
      />
    </FieldRow>
  );
}
