import { FormSection } from '../components/form-section';
import { ColourFormField, FieldGrid, NumberFormField, SwitchFormField } from '../components/form-fields';

/** How the remaining item count shows in the apps (spec 001 §3.1). */
export function ItemCountSection() {
  return (
    <FormSection id="itemCount">
      <FieldGrid>
        <SwitchFormField name="item_count_show" />
        <ColourFormField name="item_count_colour" />
        <ColourFormField name="item_count_threshold_colour" />
        <NumberFormField name="item_count_threshold" integer />
        <NumberFormField name="item_count_font_size" integer />
      </FieldGrid>
    </FormSection>
  );
}
