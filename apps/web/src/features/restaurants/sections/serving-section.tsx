import { BillingStartTimeField } from '../components/billing-start-time-field';
import { FormSection } from '../components/form-section';
import { FieldGrid } from '../components/form-fields';
import { TimeRangeField } from '../components/time-range-field';
import { ServingTimeEditor } from '../dialogs/serving-time-editor';
import { SessionListEditor } from '../dialogs/session-list-editor';

/** Serving times: the general range, app/kiosk and POS slots, sessions and the billing start (spec 001 §3.2). */
export function ServingSection() {
  return (
    <FormSection id="serving">
      <FieldGrid>
        <TimeRangeField name="options.genservingtime" />
        <BillingStartTimeField />
      </FieldGrid>
      <ServingTimeEditor variant="channels" />
      <ServingTimeEditor variant="pos" />
      <SessionListEditor />
    </FormSection>
  );
}
