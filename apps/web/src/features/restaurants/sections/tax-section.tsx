import { FormSection } from '../components/form-section';
import { FieldGrid, SwitchFormField } from '../components/form-fields';

/** Tax settings (spec 001 §3.2; prices include taxes by default). */
export function TaxSection() {
  return (
    <FormSection id="tax">
      <FieldGrid>
        <SwitchFormField name="options.price_include_taxes" />
        <SwitchFormField name="options.display_pre_gst_amount" />
        <SwitchFormField name="options.tax_free_credits" />
      </FieldGrid>
    </FormSection>
  );
}
