import { Add as AddIcon, DeleteOutline as DeleteIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_MULTIPLIER } from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { FormNumberField } from '../../../components/resource';
import { ItemPicker, itemName } from '../../offers';
import { programAdornment, type ProgramMoney } from '../format';
import { newMultiplier, type ProgramFormApi } from '../program-values';
import { FieldRow, FormSection } from '../../../components/form-parts';

type Scope = { foodcourts: readonly string[]; restaurants: readonly string[] };

/**
 * How a points program earns: per amount spent, per unit of some items, per visit (from a minimum spend), and
 * multipliers over dates. The schema asks for at least one way; its message shows above the ways. Amounts show
 * the symbol of the program's restaurants' currency (`money`: the program edited; the deployment's for a new one).
 */
export function PointsFields({ form, scope, money }: { form: ProgramFormApi; scope: Scope; money?: ProgramMoney }) {
  const { t } = useTranslation();
  const symbol = { input: { startAdornment: programAdornment(money) } };
  const { control } = form;
  const { errors } = useFormState({ control, name: 'points' });
  const whole = errors.points?.message;
  const perItem = useWatch({ control, name: 'points.per_item' }) ?? [];
  const multipliers = useFieldArray({ control, name: 'points.multipliers' });
  return (
    <FormSection title={t('loyalty.form.earnPoints')} hint={t('loyalty.form.earnPointsHint')}>
      {whole && (
        <Alert severity="error" role="alert">
          {whole}
        </Alert>
      )}
      <Box role="group" aria-label={t('loyalty.form.perAmount')}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 1 }}>
          {t('loyalty.form.perAmount')}
        </Typography>
        <FieldRow>
          <FormNumberField
            control={control}
            name="points.per_amount.points"
            label={t('loyalty.form.perAmountPoints')}
            whole
            sx={{ maxWidth: 200 }}
          />
          <FormNumberField
            control={control}
            name="points.per_amount.per"
            label={t('loyalty.form.perAmountPer')}
            hint={t('loyalty.form.perAmountHint')}
            money
            slotProps={symbol}
            sx={{ maxWidth: 380 }}
          />
        </FieldRow>
      </Box>
      <Controller
        control={control}
        name="points.per_item"
        render={({ field, fieldState }) => (
          <ItemPicker
            label={t('loyalty.form.perItem')}
            value={(field.value ?? []).map((rule) => rule.foodid)}
            onChange={(foodids) => {
              const rules = field.value ?? [];
              field.onChange(foodids.map((foodid) => rules.find((r) => r.foodid === foodid) ?? { foodid, points: 1 }));
            }}
            scope={scope}
            error={fieldState.error?.message ?? fieldState.error?.root?.message}
          />
        )}
      />
      {perItem.length > 0 && (
        <FieldRow>
          {perItem.map((rule, index) => (
            <FormNumberField
              key={rule.foodid}
              control={control}
              name={`points.per_item.${index}.points`}
              label={t('loyalty.form.perItemPoints', { name: itemName(rule.foodid) })}
              whole
              sx={{ maxWidth: 260 }}
            />
          ))}
        </FieldRow>
      )}
      <FieldRow>
        <FormNumberField
          control={control}
          name="points.per_visit"
          label={t('loyalty.form.perVisit')}
          hint={t('loyalty.form.perVisitHint')}
          whole
          sx={{ maxWidth: 260 }}
        />
        <FormNumberField
          control={control}
          name="points.visit_min_spend"
          label={t('loyalty.form.visitMinSpend')}
          money
          slotProps={symbol}
          sx={{ maxWidth: 320 }}
        />
      </FieldRow>
      <Box role="group" aria-label={t('loyalty.form.multipliers')}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {t('loyalty.form.multipliers')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('loyalty.form.multipliersHint')}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {multipliers.fields.map((row, index) => {
            const n = index + 1;
            return (
              <Box key={row.id} role="group" aria-label={t('loyalty.form.multiplier', { n })}>
                <FieldRow>
                  {(['from', 'to'] as const).map((end) => (
                    <Controller
                      key={end}
                      control={control}
                      name={`points.multipliers.${index}.${end}`}
                      render={({ field, fieldState }) => (
                        <ThemedDateTimePicker
                          type="date"
                          label={t(`loyalty.form.${end}`)}
                          value={field.value || null}
                          onChange={(value) => field.onChange(value ?? '')}
                          error={Boolean(fieldState.error)}
                          helperText={fieldState.error?.message}
                        />
                      )}
                    />
                  ))}
                  <FormNumberField
                    control={control}
                    name={`points.multipliers.${index}.factor`}
                    label={t('loyalty.form.factor')}
                    hint={t('loyalty.form.factorHint', { max: MAX_MULTIPLIER })}
                    sx={{ maxWidth: 200 }}
                  />
                  <IconButton
                    aria-label={t('loyalty.form.removeMultiplier', { n })}
                    onClick={() => multipliers.remove(index)}
                    sx={{ mt: 1 }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </FieldRow>
              </Box>
            );
          })}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => multipliers.append(newMultiplier())}>
              {t('loyalty.form.addMultiplier')}
            </Button>
          </Box>
        </Box>
      </Box>
    </FormSection>
  );
}
