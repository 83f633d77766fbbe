import { useFoodcourtRestaurants } from '../api';
import { FormSection } from '../components/form-section';
import { FieldGrid, TextFormField } from '../components/form-fields';
import { RestaurantListField } from '../components/restaurant-list-field';

type Props = { foodcourt: string; restaurant?: string };

/** Special-offer texts (default N) and the restaurants sharing this one's menu or submenus (spec 001 §3.2). */
export function ExtraSection({ foodcourt, restaurant }: Props) {
  const siblings = useFoodcourtRestaurants(foodcourt);
  const options = (siblings.data ?? []).filter((r) => r.restaurant !== restaurant);
  return (
    <FormSection id="extra">
      <FieldGrid>
        <TextFormField name="options.sploffer_text" />
        <TextFormField name="options.sploffer_text_full" multiline />
        <RestaurantListField name="options.linked_menu_restaurants" options={options} />
        <RestaurantListField name="options.linked_submenu_restaurants" options={options} />
      </FieldGrid>
    </FormSection>
  );
}
