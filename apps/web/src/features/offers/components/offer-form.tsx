import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OFFER_LIMITS, OFFER_STATUSES, offerBody, type Offer, type OfferTrigger } from '@cd/core';
import { RadioGroupField } from '../../../components/radio-group-field';
import { FormTextField, ResourceFormDialog, type FormRenderProps, FormNumberField } from '../../../components/resource';
import { offerApi } from '../api';
import { offerValues, type OfferFormApi } from '../offer-values';
import { ConditionsFields } from './conditions-fields';
import { FieldRow, FormSection } from '../../../components/form-parts';
import { RewardFields } from './reward-fields';

type Props = FormRenderProps<Offer> & { trigger: OfferTrigger };

/**
 * Add or edit a promotion (trigger code) or a discount (trigger auto) in a wide drawer: its name, status,
 * priority and stacking; for a promotion its code (one shared code, or unique codes generated after saving);
 * the reward by kind; the conditions; the limits. Core's offerBody is the form's schema, so the form refuses
 * exactly what the API refuses, with its messages.
 */
export function OfferForm(props: Props) {
  const { row, trigger } = props;
  const { t } = useTranslation();
  const save = offerApi.useSave();
  const word = trigger === 'code' ? 'promotion' : 'discount';
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={980}
      title={row ? t(`offers.form.editTitle`, { name: row.name }) : t(`offers.form.addTitle.${word}`)}
      schema={offerBody}
      toValues={(offer) => offerValues(trigger, offer)}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => <OfferFields form={form} trigger={trigger} row={row} />}
    </ResourceFormDialog>
  );
}

function OfferFields({ form, trigger, row }: { form: OfferFormApi; trigger: OfferTrigger; row?: Offer }) {
  const { t } = useTranslation();
  const { control } = form;
  const [codeMode, foodcourts, restaurants] = useWatch({
    control,
    name: ['code_mode', 'conditions.foodcourts', 'conditions.restaurants'],
  });
  return (
    <>
      <FormSection title={t('offers.form.general')}>
        <FormTextField
          control={control}
          name="name"
          label={t('offers.form.name')}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: OFFER_LIMITS.name } }}
        />
        <FormTextField
          control={control}
          name="description"
          label={t('offers.form.description')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <FieldRow>
          <FormTextField control={control} name="status" label={t('offers.form.status')} select sx={{ minWidth: 200 }}>
            {OFFER_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`offers.status.${status}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormNumberField
            control={control}
            name="priority"
            label={t('offers.form.priority')}
            hint={t('offers.form.priorityHint', { max: OFFER_LIMITS.priority })}
            whole
            sx={{ maxWidth: 260 }}
          />
        </FieldRow>
        <Controller
          control={control}
          name="stacking"
          render={({ field }) => (
            <RadioGroupField
              label={t('offers.form.stacking')}
              options={[
                { value: 'stackable', label: t('offers.form.stackable') },
                { value: 'exclusive', label: t('offers.form.exclusive') },
              ]}
              value={field.value ?? 'stackable'}
              onChange={field.onChange}
            />
          )}
        />
      </FormSection>
      {trigger === 'code' && (
        <FormSection title={t('offers.form.code')}>
          <Controller
            control={control}
            name="code_mode"
            render={({ field }) => (
              <RadioGroupField
                label={t('offers.form.codeMode')}
                options={[
                  { value: 'shared', label: t('offers.form.codeShared') },
                  { value: 'unique', label: t('offers.form.codeUnique') },
                ]}
                value={field.value ?? 'shared'}
                onChange={(mode) => {
                  field.onChange(mode);
                  if (mode === 'unique') form.setValue('shared_code', '', { shouldDirty: true });
                }}
              />
            )}
          />
          {codeMode !== 'unique' ? (
            <FormTextField
              control={control}
              name="shared_code"
              label={t('offers.form.sharedCode')}
              hint={t('offers.form.sharedCodeHint')}
              normalize={(text) => text.toUpperCase()}
              slotProps={{ htmlInput: { maxLength: OFFER_LIMITS.codeLength, autoCapitalize: 'characters' } }}
              sx={{ maxWidth: 360 }}
            />
          ) : (
            <Alert severity="info">
              {row && row.code_mode === 'unique'
                ? t('offers.form.uniqueCodesHas', { count: row.codes })
                : t('offers.form.uniqueCodesAfter')}
            </Alert>
          )}
        </FormSection>
      )}
      <FormSection title={t('offers.form.reward')}>
        <RewardFields form={form} scope={{ foodcourts, restaurants }} />
      </FormSection>
      <FormSection title={t('offers.form.conditions')} hint={t('offers.form.conditionsHint')}>
        <ConditionsFields form={form} />
      </FormSection>
      <FormSection title={t('offers.form.limits')} hint={t('offers.form.limitsHint')}>
        <FieldRow>
          <FormNumberField
            control={control}
            name="limits.max_discount"
            label={t('offers.limits.maxDiscount')}
            hint={t('offers.limits.maxDiscountHint')}
            money
          />
          <FormNumberField
            control={control}
            name="limits.budget"
            label={t('offers.limits.budget')}
            hint={t('offers.limits.budgetHint')}
            money
          />
        </FieldRow>
        <FieldRow>
          <FormNumberField
            control={control}
            name="limits.uses_total"
            label={t('offers.limits.usesTotal')}
            hint={t('offers.limits.usesHint')}
            whole
          />
          <FormNumberField
            control={control}
            name="limits.uses_per_customer"
            label={t('offers.limits.usesPerCustomer')}
            hint={t('offers.limits.usesHint')}
            whole
          />
        </FieldRow>
      </FormSection>
    </>
  );
}
