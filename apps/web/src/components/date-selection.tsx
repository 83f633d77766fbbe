import { useId, useState } from 'react';
import type { Dayjs } from 'dayjs';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EnsureDateLocalization } from './date-localization-provider';
import { DEFAULT_MAX_DATES, planAddition, type AdditionError } from './date-selection-rules';
import { DATE_FORMAT, mergeDates, parseIsoDate } from './date-values';
import { RadioGroupField } from './radio-group-field';
import { SelectedDateList } from './selected-date-list';

export type DateSelectionMode = 'single' | 'range';

export type DateSelectionProps = {
  /** Selected dates as 'YYYY-MM-DD'; onChange answers them sorted ascending without duplicates. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Legend of the control; default 'Dates'. */
  label?: string;
  /** false: single dates only (no range inputs). Default true. */
  allowRange?: boolean;
  /** Latest date that can be added, 'YYYY-MM-DD' (spec 000 §5: "an optional restriction can cap the end date"). */
  maxEndDate?: string;
  /** Earliest date that can be added, 'YYYY-MM-DD'. */
  minDate?: string;
  /** Most dates the selection may hold; default 366. */
  maxDates?: number;
  disabled?: boolean;
};

const fieldProps = { size: 'small', sx: { minWidth: 170 } } as const;

/** Add single dates or a from/to range to a list of dates shown as DD-MM-YYYY (spec 000 §2.4, §5). */
export function DateSelection(props: DateSelectionProps) {
  return (
    <EnsureDateLocalization>
      <DateSelectionControl {...props} />
    </EnsureDateLocalization>
  );
}

function DateSelectionControl({
  value,
  onChange,
  label,
  allowRange = true,
  maxEndDate,
  minDate,
  maxDates = DEFAULT_MAX_DATES,
  disabled = false,
}: DateSelectionProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const messageId = useId();
  const [mode, setMode] = useState<DateSelectionMode>('single');
  const [start, setStart] = useState<Dayjs | null>(null);
  const [end, setEnd] = useState<Dayjs | null>(null);
  const isRange = allowRange && mode === 'range';
  // Shown and edited sorted and without duplicates, whatever order the page keeps.
  const selected = mergeDates(value, []);
  const max = parseIsoDate(maxEndDate);
  const min = parseIsoDate(minDate);

  const plan = planAddition({
    start,
    end: isRange ? end : undefined,
    current: selected,
    maxDates,
    minDate: min,
    maxEndDate: max,
  });
  const message = plan.kind === 'refused' ? describeError(plan.error, t) : undefined;

  const handleAdd = () => {
    if (plan.kind !== 'ready') return;
    onChange(plan.next);
    setStart(null);
    setEnd(null);
  };

  const handleModeChange = (next: string) => {
    setMode(next === 'range' ? 'range' : 'single');
    setEnd(null);
  };

  return (
    <FormControl component="fieldset" disabled={disabled} fullWidth>
      <FormLabel component="legend" id={legendId}>
        {label ?? t('widgets.dateSelection.label')}
      </FormLabel>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {allowRange && (
          <RadioGroupField
            label={t('widgets.dateSelection.mode')}
            row
            value={mode}
            onChange={handleModeChange}
            disabled={disabled}
            options={[
              { value: 'single', label: t('widgets.dateSelection.single') },
              { value: 'range', label: t('widgets.dateSelection.range') },
            ]}
          />
        )}
        <Stack direction="row" spacing={1} alignItems="flex-start" flexWrap="wrap" useFlexGap>
          <DatePicker
            label={isRange ? t('widgets.dateSelection.from') : t('widgets.dateSelection.date')}
            format={DATE_FORMAT}
            value={start}
            onChange={setStart}
            minDate={min ?? undefined}
            maxDate={max ?? undefined}
            disabled={disabled}
            slotProps={{ textField: fieldProps }}
          />
          {isRange && (
            <DatePicker
              label={t('widgets.dateSelection.to')}
              format={DATE_FORMAT}
              value={end}
              onChange={setEnd}
              minDate={start?.isValid() ? start : (min ?? undefined)}
              maxDate={max ?? undefined}
              disabled={disabled}
              slotProps={{
                textField: { ...fieldProps, error: plan.kind === 'refused' && plan.error.key === 'endBeforeStart' },
              }}
            />
          )}
          <Button
            variant="contained"
            onClick={handleAdd}
            disabled={disabled || plan.kind !== 'ready'}
            aria-describedby={message ? messageId : undefined}
            sx={{ height: 40 }}
          >
            {t('widgets.dateSelection.add')}
          </Button>
        </Stack>
        {message && (
          <FormHelperText id={messageId} error role="alert" sx={{ mt: 0 }}>
            {message}
          </FormHelperText>
        )}
        <SelectedDateList
          dates={selected}
          disabled={disabled}
          onRemove={(date) => onChange(selected.filter((d) => d !== date))}
          onClearAll={() => onChange([])}
        />
      </Stack>
    </FormControl>
  );
}

function describeError(error: AdditionError, t: TFunction): string {
  if (error.key === 'endBeforeStart') return t('widgets.dateSelection.endBeforeStart');
  if (error.key === 'tooMany') return t('widgets.dateSelection.tooMany', { max: error.max });
  return t(`widgets.dateSelection.${error.key}`, { date: error.date });
}
