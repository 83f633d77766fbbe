import { FEATURE_SWITCHES } from '@cd/core';
import { FormSection } from '../components/form-section';
import { FieldGrid, SwitchFormField } from '../components/form-fields';

/** What the ordering apps hide or show (spec 001 §3.1; drs_collection defaults on). */
export function FeatureSwitchesSection() {
  return (
    <FormSection id="features">
      <FieldGrid>
        {FEATURE_SWITCHES.map((name) => (
          <SwitchFormField key={name} name={name} />
        ))}
      </FieldGrid>
    </FormSection>
  );
}
