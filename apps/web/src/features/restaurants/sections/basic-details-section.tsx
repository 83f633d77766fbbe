import TextField from '@mui/material/TextField';
import { useWatch, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_WITHOUT_STATUS,
  hasIndianAddress,
  INDIAN_STATES_AND_UNION_TERRITORIES,
  RESTAURANT_STATUS,
  RESTAURANT_TYPE,
  changeClient,
  isValidKey,
  restaurantUniqueId,
} from '@cd/core';
import type { ClientOption, FoodcourtOption } from '../api';
import { FormSection, Subsection } from '../components/form-section';
import { FieldBox, FieldGrid, NumberFormField, SelectFormField, TextFormField } from '../components/form-fields';
import { CurrencyField } from '../components/currency-field';
import { useApplyRule } from '../components/use-apply-rule';
import type { RestaurantFormValues } from '../form-values';

type Props = {
  mode: 'new' | 'edit';
  foodcourt: string;
  clients: ClientOption[];
  foodcourts: FoodcourtOption[];
};

const lower = (v: string) => v.toLowerCase();

/** Identity, client, status and the texts shown to guests (spec 001 §3.1). */
export function BasicDetailsSection({ mode, foodcourt, clients, foodcourts }: Props) {
  const { t } = useTranslation();
  const applyRule = useApplyRule();
  const clientOptions = clients.map((c) => ({ value: c.client, label: c.name || c.client }));
  const secondaryOptions = [
    { value: 'none', label: t('restaurant.options.none') },
    ...foodcourts
      .filter((f) => f.foodcourt !== foodcourt)
      .map((f) => ({ value: f.foodcourt, label: `${f.name} (${f.foodcourt})` })),
  ];

  return (
    <FormSection id="basic">
      <Subsection title={t('restaurant.subsections.identity')}>
        <FieldGrid>
          <TextFormField
            name="restid"
            transform={lower}
            readOnly={mode === 'edit'}
            disabled={mode === 'edit'}
            helperText={mode === 'new' ? t('restaurant.help.restid') : undefined}
          />
          <UniqueIdField foodcourt={foodcourt} />
          <TextFormField name="name" />
          <SelectFormField
            name="client"
            options={clientOptions}
            onSelect={(value) => applyRule((r) => changeClient(r, value))}
          />
          <StatusTypeFields />
          <TextFormField name="vendorname" />
          <TextFormField name="aggregatorname" />
          <TextFormField name="business_unit" helperText={t('restaurant.help.business_unit')} />
          <TextFormField name="sitecode" />
          <CurrencyField />
          <NumberFormField name="restaurant_wise_order_capacity" integer />
          <TextFormField name="fssai_no" />
          <SelectFormField name="secondary_foodcourt" options={secondaryOptions} />
          <TextFormField name="gstin" transform={(v) => v.toUpperCase()} />
          <TextFormField name="configured_session" />
        </FieldGrid>
      </Subsection>
      <Subsection title={t('restaurant.subsections.address')}>
        <FieldGrid>
          <TextFormField name="address" />
          <StateField />
          <TextFormField name="pincode" />
        </FieldGrid>
      </Subsection>
      <Subsection title={t('restaurant.subsections.guestTexts')}>
        <FieldGrid>
          <TextFormField name="cuisines" />
          <TextFormField name="info_link" />
          <TextFormField name="admin_mailids" helperText={t('restaurant.help.admin_mailids')} />
          <TextFormField name="description" multiline />
          <TextFormField name="rest_na_message" multiline />
          <TextFormField name="extradetails" multiline />
        </FieldGrid>
      </Subsection>
    </FormSection>
  );
}

/** uniqueid = food court id, colon, restid; shown once restid is valid (spec 001 §3.1, §5.1). */
function UniqueIdField({ foodcourt }: { foodcourt: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const restid = useWatch({ control, name: 'restid' });
  const uniqueid = restid && isValidKey(restid) ? restaurantUniqueId(foodcourt, restid) : '';
  return (
    <FieldBox name="uniqueid">
      <TextField
        label={t('restaurant.fields.uniqueid')}
        value={uniqueid}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText={uniqueid ? undefined : t('restaurant.help.uniqueid')}
        size="small"
        fullWidth
      />
    </FieldBox>
  );
}

/** Status and type, hidden when the client is smartq (spec 001 §3.1). */
function StatusTypeFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const client = useWatch({ control, name: 'client' });
  if (client === CLIENT_WITHOUT_STATUS) return null;
  return (
    <>
      <SelectFormField
        name="status"
        options={RESTAURANT_STATUS.map((s) => ({ value: s, label: t(`restaurant.options.status.${s}`) }))}
      />
      <SelectFormField
        name="type"
        options={RESTAURANT_TYPE.map((s) => ({ value: s, label: t(`restaurant.options.type.${s}`) }))}
      />
    </>
  );
}

/**
 * The address's state: for an Indian restaurant (billing in rupees) a select of India's states and union
 * territories from core, the list the API checks it against; elsewhere free text (issue 36).
 */
function StateField() {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const currency = useWatch({ control, name: 'currency' });
  if (!hasIndianAddress({ currency })) return <TextFormField name="state" />;
  return (
    <SelectFormField
      name="state"
      label={t('restaurant.fields.stateIndia')}
      options={[
        { value: '', label: t('restaurant.options.notGiven') },
        ...INDIAN_STATES_AND_UNION_TERRITORIES.map((s) => ({ value: s, label: s })),
      ]}
    />
  );
}
