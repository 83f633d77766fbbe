import { useState } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cancelThresholdMinutes, splitCancelThreshold } from '@cd/core';
import { NumberInput } from '../../../components/number-input';
import type { RestaurantFormValues } from '../form-values';
import { FieldBox } from './form-fields';

type Parts = { days: string; hours: string; minutes: string };
const PART_KEYS = ['days', 'hours', 'minutes'] as const;

const toParts = (total: number): Parts => {
  const p = splitCancelThreshold(total);
  return { days: String(p.days), hours: String(p.hours), minutes: String(p.minutes) };
};

/**
 * cancel_order_threshold entered as days, hours and minutes (spec 001 §3.1, §5.1): no part may be negative,
 * total = days*1440 + hours*60 + minutes.
 */
export function CancelThresholdField() {
  const { control } = useFormContext<RestaurantFormValues>();
  return (
    <FieldBox name="options.cancel_order_threshold" wide>
      <Controller
        control={control}
        name="options.cancel_order_threshold"
        render={({ field, fieldState }) => (
          <ThresholdInputs total={field.value ?? 0} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </FieldBox>
  );
}

function ThresholdInputs({ total, onChange, error }: { total: number; onChange: (n: number) => void; error?: string }) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<Parts>(() => toParts(total));
  const [shownTotal, setShownTotal] = useState(total);
  // The value changed from outside (a reload): show it split again.
  if (total !== shownTotal) {
    setShownTotal(total);
    setParts(toParts(total));
  }

  const handlePart = (key: (typeof PART_KEYS)[number], raw: string) => {
    const next = { ...parts, [key]: raw.replace(/[^\d]/g, '') };
    setParts(next);
    const minutes = cancelThresholdMinutes({
      days: Number(next.days || 0),
      hours: Number(next.hours || 0),
      minutes: Number(next.minutes || 0),
    });
    if (minutes === null) return;
    setShownTotal(minutes);
    onChange(minutes);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('restaurant.fields.cancel_order_threshold')}
      </FormLabel>
      <Box sx={{ display: 'flex', gap: 2, maxWidth: 560 }}>
        {PART_KEYS.map((key) => (
          <NumberInput
            key={key}
            label={t(`restaurant.cancelThreshold.${key}`)}
            value={parts[key]}
            onChange={(e) => handlePart(key, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === '.' || e.key === ',') e.preventDefault();
            }}
            size="small"
          />
        ))}
      </Box>
      <FormHelperText error={Boolean(error)}>
        {error ?? t('restaurant.cancelThreshold.total', { count: total })}
      </FormHelperText>
    </Box>
  );
}
