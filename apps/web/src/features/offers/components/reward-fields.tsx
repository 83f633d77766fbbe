import { Add as AddIcon, DeleteOutline as DeleteIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, get, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberField } from '../../../components/resource';
import { OFFER_KIND_LABELS, OFFER_KINDS, OFFER_LIMITS, type OfferKind } from '@cd/core';
import { RadioGroupField } from '../../../components/radio-group-field';
import { defaultReward, type OfferFormApi } from '../offer-values';
import { FieldRow } from '../../../components/form-parts';
import { ItemPicker } from './item-picker';

const percentSign = { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } };
type Scope = { foodcourts?: readonly string[]; restaurants?: readonly string[] };

/**
 * What the offer takes off: choose its kind, then that kind's fields (core's reward union). Switching the kind
 * starts that kind afresh; core's schema judges each field and its message shows under it.
 */
export function RewardFields({ form, scope }: { form: OfferFormApi; scope: Scope }) {
  const { t } = useTranslation();
  const { control } = form;
  const kind = useWatch({ control, name: 'reward.kind' });
  const choose = (next: OfferKind) => {
    if (next === kind) return;
    form.clearErrors('reward');
    form.setValue('reward', defaultReward(next), { shouldDirty: true });
  };
  const appliesTo = (
    <Controller
      control={control}
      name="reward.applies_to"
      render={({ field }) => (
        <RadioGroupField
          label={t('offers.reward.appliesTo')}
          row
          options={[
            { value: 'order', label: t('offers.reward.appliesOrder') },
            { value: 'items', label: t('offers.reward.appliesItems') },
          ]}
          value={(field.value as string | undefined) ?? 'order'}
          onChange={field.onChange}
        />
      )}
    />
  );
  return (
    <>
      <TextField
        select
        label={t('offers.reward.kind')}
        value={kind}
        onChange={(event) => choose(event.target.value as OfferKind)}
        sx={{ maxWidth: 360 }}
      >
        {OFFER_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {OFFER_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      {kind === 'percent' && (
        <>
          <FormNumberField
            control={control}
            name="reward.percent"
            label={t('offers.reward.percent')}
            required
            slotProps={percentSign}
            sx={{ maxWidth: 220 }}
          />
          {appliesTo}
        </>
      )}
      {kind === 'amount' && (
        <>
          <FormNumberField
            control={control}
            name="reward.amount"
            label={t('offers.reward.amount')}
            money
            required
            sx={{ maxWidth: 220 }}
          />
          {appliesTo}
        </>
      )}
      {kind === 'bxgy' && (
        <FieldRow>
          <FormNumberField control={control} name="reward.buy" label={t('offers.reward.buy')} whole required />
          <FormNumberField control={control} name="reward.get" label={t('offers.reward.get')} whole required />
          <FormNumberField
            control={control}
            name="reward.get_percent"
            label={t('offers.reward.getPercent')}
            hint={t('offers.reward.getPercentHint')}
            slotProps={percentSign}
          />
          <FormNumberField
            control={control}
            name="reward.max_times"
            label={t('offers.reward.maxTimes')}
            hint={t('offers.reward.maxTimesHint')}
            whole
          />
        </FieldRow>
      )}
      {kind === 'free_item' && (
        <>
          <Controller
            control={control}
            name="reward.foodid"
            render={({ field, fieldState }) => {
              const foodid = (field.value as string | undefined) ?? '';
              return (
                <ItemPicker
                  label={t('offers.reward.freeItem')}
                  value={foodid ? [foodid] : []}
                  // One item: a new pick replaces the one chosen.
                  onChange={(ids) => field.onChange(ids[ids.length - 1] ?? '')}
                  scope={scope}
                  error={fieldState.error ? t('offers.reward.chooseItem') : undefined}
                />
              );
            }}
          />
          <FormNumberField
            control={control}
            name="reward.quantity"
            label={t('offers.reward.quantity')}
            whole
            sx={{ maxWidth: 220 }}
          />
        </>
      )}
      {kind === 'meal_deal' && <MealDealFields form={form} scope={scope} />}
      {kind === 'delivery_fee' && (
        <FormNumberField
          control={control}
          name="reward.percent"
          label={t('offers.reward.deliveryPercent')}
          hint={t('offers.reward.deliveryPercentHint')}
          slotProps={percentSign}
          sx={{ maxWidth: 260 }}
        />
      )}
    </>
  );
}

/** A meal deal: parts (each a set of items and how many of them), at least two, and the price of the set. */
function MealDealFields({ form, scope }: { form: OfferFormApi; scope: Scope }) {
  const { t } = useTranslation();
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'reward.components' as never });
  const { errors } = useFormState({ control, name: 'reward' });
  const partsError = get(errors, 'reward.components') as { message?: string; root?: { message?: string } } | undefined;
  const partsMessage = partsError?.root?.message ?? partsError?.message;
  return (
    <>
      {fields.map((part, index) => {
        const number = index + 1;
        return (
          <Box
            key={part.id}
            role="group"
            aria-label={t('offers.reward.part', { number })}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
                {t('offers.reward.part', { number })}
              </Typography>
              <IconButton aria-label={t('offers.reward.removePart', { number })} onClick={() => remove(index)}>
                <DeleteIcon />
              </IconButton>
            </Box>
            <Controller
              control={control}
              name={`reward.components.${index}.items` as never}
              render={({ field, fieldState }) => (
                <ItemPicker
                  label={t('offers.reward.partItems', { number })}
                  value={(field.value as string[] | undefined) ?? []}
                  onChange={field.onChange}
                  scope={scope}
                  hint={t('offers.reward.partItemsHint')}
                  error={fieldState.error?.message}
                />
              )}
            />
            <FormNumberField
              control={control}
              name={`reward.components.${index}.quantity` as never}
              label={t('offers.reward.partQuantity', { number })}
              whole
              sx={{ maxWidth: 220 }}
            />
          </Box>
        );
      })}
      {partsMessage && (
        <Alert severity="error" role="alert">
          {partsMessage}
        </Alert>
      )}
      <Box>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= OFFER_LIMITS.mealDealComponents}
          onClick={() => append({ items: [], quantity: 1 } as never)}
        >
          {t('offers.reward.addPart')}
        </Button>
      </Box>
      <FormNumberField
        control={control}
        name="reward.price"
        label={t('offers.reward.price')}
        money
        required
        sx={{ maxWidth: 220 }}
      />
    </>
  );
}
