import { useEffect, useRef, useState } from 'react';
import type { Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@cd/core';
import { EnsureDateLocalization } from '../date-localization-provider';
import { isCompleteDate } from '../date-selection-rules';
import { DATE_FORMAT, parseIsoDate, toIsoDate } from '../date-values';

export type DateRange = { from?: string; to?: string };

type Props = DateRange & {
  /** Called with both ends ('YYYY-MM-DD' or undefined) once typing pauses on whole dates (or a cleared end). */
  onChange: (range: DateRange) => void;
  fromLabel?: string;
  toLabel?: string;
};

/**
 * A from/to date filter of a list page (spec 000 §5: the end cannot be before the start; dates DD-MM-YYYY). The
 * address holds ISO dates (param.isoDate). Like the search box, a change applies once typing pauses (a typed date
 * passes through other whole dates on its way); a half-typed date is not applied, and an end before the start is
 * refused with a message instead of reaching the server.
 */
export function DateRangeFilter(props: Props) {
  return (
    <EnsureDateLocalization>
      <DateRangeControl {...props} />
    </EnsureDateLocalization>
  );
}

function DateRangeControl({ from, to, onChange, fromLabel, toLabel }: Props) {
  const { t } = useTranslation();
  // What the fields show: the applied dates, or what is being typed (kept while it is incomplete or refused).
  const [draft, setDraft] = useState<{ from: Dayjs | null; to: Dayjs | null }>(() => ({
    from: parseIsoDate(from),
    to: parseIsoDate(to),
  }));
  const [applied, setApplied] = useState({ from, to });
  if (applied.from !== from || applied.to !== to) {
    setApplied({ from, to });
    setDraft({ from: parseIsoDate(from), to: parseIsoDate(to) });
  }
  const reversed = isCompleteDate(draft.from) && isCompleteDate(draft.to) && draft.to.isBefore(draft.from, 'day');
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    // undefined: cleared; null: not a whole date yet.
    const end = (d: Dayjs | null) => (d === null ? undefined : isCompleteDate(d) ? toIsoDate(d) : null);
    const nextFrom = end(draft.from);
    const nextTo = end(draft.to);
    if (nextFrom === null || nextTo === null || reversed || (nextFrom === from && nextTo === to)) return;
    const timer = setTimeout(() => report.current({ from: nextFrom, to: nextTo }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, reversed, from, to]);

  const change = (end: 'from' | 'to', value: Dayjs | null) => setDraft((d) => ({ ...d, [end]: value }));
  // Wide enough for a whole DD-MM-YYYY beside the calendar and clear buttons (170 cut the year off, issue 35); never
  // wider than a phone's column, where the two ends wrap onto two lines.
  const field = { size: 'small', sx: { width: 204, maxWidth: '100%' } } as const;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <DatePicker
          label={fromLabel ?? t('resource.from')}
          format={DATE_FORMAT}
          value={draft.from}
          onChange={(value) => change('from', value)}
          slotProps={{ textField: field, field: { clearable: true } }}
        />
        <DatePicker
          label={toLabel ?? t('resource.to')}
          format={DATE_FORMAT}
          value={draft.to}
          onChange={(value) => change('to', value)}
          slotProps={{ textField: { ...field, error: reversed }, field: { clearable: true } }}
        />
      </Box>
      {reversed && (
        <FormHelperText error role="alert">
          {t('resource.endBeforeStart')}
        </FormHelperText>
      )}
    </Box>
  );
}
