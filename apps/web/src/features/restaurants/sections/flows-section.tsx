import { useTranslation } from 'react-i18next';
import { setServiceFlag, type ServiceFlag } from '@cd/core';
import { FormSection } from '../components/form-section';
import { FieldGrid, NumberFormField, SwitchFormField, TextFormField } from '../components/form-fields';
import { useApplyRule } from '../components/use-apply-rule';

/** Each order flow: its switch, then the flow id and the flow's own settings. */
const FLOWS: { flag: ServiceFlag; fields: { name: string; kind: 'text' | 'minutes' }[] }[] = [
  {
    flag: 'hasdinein',
    fields: [
      { name: 'dinein_flow', kind: 'text' },
      { name: 'confirmation_message_dinein', kind: 'text' },
    ],
  },
  { flag: 'hasdelivery', fields: [{ name: 'delivery_flow', kind: 'text' }] },
  {
    flag: 'preorder',
    fields: [
      { name: 'preorder_flow', kind: 'text' },
      { name: 'pre_order_restrict_before_min', kind: 'minutes' },
    ],
  },
  { flag: 'take_away_enabled', fields: [{ name: 'takeaway_flow', kind: 'text' }] },
  { flag: 'cafe_pass_enabled', fields: [{ name: 'cafe_pass_flow', kind: 'text' }] },
  {
    flag: 'enable_subscription',
    fields: [
      { name: 'subscription_flow', kind: 'text' },
      { name: 'subscription_modification_deadline', kind: 'minutes' },
    ],
  },
  { flag: 'multiple_preorder', fields: [{ name: 'multiple_preorder_flow', kind: 'text' }] },
  { flag: 'event_enabled', fields: [{ name: 'event_flow', kind: 'text' }] },
  { flag: 'isbuffet', fields: [] },
];

/**
 * The order flows (spec 001 §3.1). Turning a service flag on goes through core's setServiceFlag, which also
 * un-hides a hidden restaurant (spec 001 §4.1).
 */
export function FlowsSection() {
  const { t } = useTranslation();
  const applyRule = useApplyRule();
  return (
    <FormSection id="flows">
      {FLOWS.map(({ flag, fields }) => (
        <FieldGrid key={flag}>
          <SwitchFormField name={flag} onToggle={(on) => applyRule((r) => setServiceFlag(r, flag, on))} />
          {fields.map((f) =>
            f.kind === 'text' ? (
              <TextFormField key={f.name} name={f.name as never} />
            ) : (
              <NumberFormField key={f.name} name={f.name as never} integer helperText={t('restaurant.help.minutes')} />
            ),
          )}
        </FieldGrid>
      ))}
      <FieldGrid>
        <SwitchFormField name="isimportant" />
      </FieldGrid>
    </FormSection>
  );
}
