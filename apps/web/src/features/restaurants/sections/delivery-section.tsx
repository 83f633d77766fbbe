import { useTranslation } from 'react-i18next';
import { FormSection } from '../components/form-section';
import { FieldGrid, NumberFormField, SwitchFormField, TextFormField } from '../components/form-fields';
import { TimeRangeField } from '../components/time-range-field';

const MONEY = { money: true } as const;

/** The delivery group of spec 001 §3.1 (minimum amount 100, delivered in 60 minutes, 10:00-21:00). */
export function DeliverySection() {
  const { t } = useTranslation();
  return (
    <FormSection id="delivery">
      <FieldGrid>
        <SwitchFormField name="delivery" />
        <NumberFormField name="minimumdeliveryamount" unit={MONEY} />
        <NumberFormField name="deliveredin" integer helperText={t('restaurant.help.minutes')} />
        <TextFormField name="phonenumber" />
        <NumberFormField
          name="del_conveniencefee"
          unit={{ money: true, percentWhen: 'del_isconveniencefeepercentage' }}
        />
        <SwitchFormField name="del_isconveniencefeepercentage" />
        <NumberFormField name="del_disc_percent" />
        <NumberFormField name="del_disc_capping" unit={MONEY} />
        <TextFormField name="deliveredby" />
        <TextFormField name="delivery_informant_number" />
        <TimeRangeField name="delservingtime" />
        <TextFormField name="confirmation_message_delivery" multiline />
        <TextFormField name="del_rest_na_message" multiline />
        <TextFormField name="del_sploffer_text" />
        <TextFormField name="del_sploffer_text_full" multiline />
      </FieldGrid>
    </FormSection>
  );
}
