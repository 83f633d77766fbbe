import { useState } from 'react';
import { Delete as DeleteIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormLabel from '@mui/material/FormLabel';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validateTimeRangeAdd, type TimeRange } from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import type { WidgetProps } from './types';

/**
 * Multi time range (spec 001 §5.2): ranges added one by one; start must be before end
 * (editMenu.invalidTimeRange) and the same range cannot be added twice (editMenu.timerangeAddedTwice), both
 * shown as a warning alert. Default 00:00–23:59.
 */
export function TimeRangesWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { alert } = useItemEditor();
  const { control, setValue } = useFormContext<ItemFormValues>();
  const ranges = (useWatch({ control, name: def.key as 'servingtime' }) ?? []) as TimeRange[];
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);

  const save = (next: TimeRange[]) => setValue('servingtime', next, { shouldDirty: true });
  const add = () => {
    const range = { starttime: start ?? '', endtime: end ?? '' };
    const error = validateTimeRangeAdd(range, ranges);
    if (error) {
      alert('warning', t(error.key, error.message));
      return;
    }
    save([...ranges, range].sort((a, b) => a.starttime.localeCompare(b.starttime)));
    setStart(null);
    setEnd(null);
  };

  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {def.label}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} role="list" aria-label={def.label}>
        {ranges.length === 0 && <Chip size="small" variant="outlined" label={t('editMenu.timeRange.none')} />}
        {ranges.map((r) => (
          <Chip
            key={`${r.starttime}-${r.endtime}`}
            role="listitem"
            label={`${r.starttime} – ${r.endtime}`}
            onDelete={disabled ? undefined : () => save(ranges.filter((x) => x !== r))}
            deleteIcon={
              <DeleteIcon aria-label={t('editMenu.timeRange.remove', { range: `${r.starttime}-${r.endtime}` })} />
            }
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ThemedDateTimePicker
          type="time"
          label={t('editMenu.timeRange.start', { label: def.label })}
          value={start}
          onChange={setStart}
          disabled={disabled}
        />
        <ThemedDateTimePicker
          type="time"
          label={t('editMenu.timeRange.end', { label: def.label })}
          value={end}
          onChange={setEnd}
          disabled={disabled}
        />
        <Button variant="outlined" onClick={add} disabled={disabled} sx={{ height: 40 }}>
          {t('editMenu.timeRange.add')}
        </Button>
      </Box>
    </Box>
  );
}
