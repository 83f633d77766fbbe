import { useState } from 'react';
import { Delete as DeleteIcon, Edit as EditIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nonNegativeOrEmpty, validateConvenienceFee, type ConvenienceFeeRow } from '@cd/core';
import { moneyAdornment } from '../../../components/money-adornment';
import { NumberInput } from '../../../components/number-input';
import type { RestaurantWeekday } from '../components/weekday-picker';
import { issueText } from '../form-validation';
import type { RestaurantFormValues } from '../form-values';
import { DaysDatesDialog } from './days-dates-dialog';

type Draft = {
  min: number | null;
  max: number | null;
  convenience_fee: number | null;
  ispercentage: boolean;
  days: RestaurantWeekday[];
  dates: string[];
};
const EMPTY: Draft = { min: null, max: null, convenience_fee: null, ispercentage: false, days: [], dates: [] };
const NUMBER_KEYS = ['min', 'max', 'convenience_fee'] as const;
const NAME = 'options.dynamic_conveniencefee';

/** Negative or unreadable numbers become empty (spec 001 §5.1). */
const readNumber = (raw: string) => (raw === '' ? null : nonNegativeOrEmpty(Number(raw)));

/**
 * The dynamic convenience fee rows (spec 001 §3.2): add or edit a row through the draft line, whose Add checks
 * min, max and fee separately and that min is below max (core's validateConvenienceFee).
 */
export function ConvenienceFeeEditor() {
  const { t } = useTranslation();
  const { control, setValue, getFieldState, clearErrors } = useFormContext<RestaurantFormValues>();
  const formState = useFormState({ control, name: NAME });
  const rows = useWatch({ control, name: NAME }) ?? [];
  const currency = useWatch({ control, name: 'currency' });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [warnings, setWarnings] = useState<Partial<Record<string, string>>>({});
  const [picker, setPicker] = useState<number | 'draft' | null>(null);
  const listError = getFieldState(NAME, formState).error;

  const save = (next: ConvenienceFeeRow[]) => {
    setValue(NAME, next, { shouldDirty: true });
    clearErrors(NAME);
  };

  const handleAdd = () => {
    const issues = validateConvenienceFee(draft);
    if (issues.length) {
      const byField: Record<string, string> = {};
      for (const issue of issues)
        byField[issue.field] = [byField[issue.field], issueText(issue, t)].filter(Boolean).join(' ');
      setWarnings(byField);
      return;
    }
    const row = { ...draft } as ConvenienceFeeRow;
    save(editing === null ? [...rows, row] : rows.map((r, i) => (i === editing ? row : r)));
    setDraft(EMPTY);
    setEditing(null);
    setWarnings({});
  };

  const handleEdit = (index: number) => {
    setEditing(index);
    setDraft({ ...EMPTY, ...rows[index]! });
    setWarnings({});
  };

  const rowError = (index: number) => {
    const state = getFieldState(`${NAME}.${index}` as never, formState);
    const errs = state.error as unknown as Record<string, { message?: string }> | undefined;
    return errs
      ? Object.values(errs)
          .map((e) => e?.message)
          .filter(Boolean)
          .join(' ')
      : '';
  };

  const summary = (r: Pick<Draft, 'days' | 'dates'>) =>
    [
      r.days.length ? r.days.map((d) => t(`restaurant.weekdays.short.${d}`)).join(', ') : t('restaurant.fees.everyDay'),
      r.dates.length ? t('restaurant.fees.dateCount', { count: r.dates.length }) : '',
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Box data-field={NAME} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('restaurant.fees.title')}
      </Typography>
      <Table size="small" aria-label={t('restaurant.fees.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('restaurant.fees.min')}</TableCell>
            <TableCell>{t('restaurant.fees.max')}</TableCell>
            <TableCell>{t('restaurant.fees.fee')}</TableCell>
            <TableCell>{t('restaurant.fees.percentage')}</TableCell>
            <TableCell>{t('restaurant.fees.daysAndDates')}</TableCell>
            <TableCell align="right">{t('restaurant.common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>{t('restaurant.fees.none')}</TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => (
            <TableRow key={index} data-field={`${NAME}.${index}`} selected={editing === index}>
              <TableCell>{row.min ?? '—'}</TableCell>
              <TableCell>{row.max ?? '—'}</TableCell>
              <TableCell>{row.convenience_fee ?? '—'}</TableCell>
              <TableCell>{row.ispercentage ? t('restaurant.common.yes') : t('restaurant.common.no')}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => setPicker(index)}>
                  {summary(row)}
                </Button>
                {rowError(index) && <FormHelperText error>{rowError(index)}</FormHelperText>}
              </TableCell>
              <TableCell align="right">
                <IconButton
                  aria-label={t('restaurant.fees.editRow', { n: index + 1 })}
                  onClick={() => handleEdit(index)}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={t('restaurant.fees.deleteRow', { n: index + 1 })}
                  onClick={() => save(rows.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {listError?.message && <FormHelperText error>{listError.message}</FormHelperText>}

      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}>
        {NUMBER_KEYS.map((key) => (
          <Box key={key} sx={{ width: 160 }}>
            <NumberInput
              label={t(`restaurant.fees.new.${key}`)}
              value={draft[key] ?? ''}
              onChange={(e) => setDraft({ ...draft, [key]: readNumber(e.target.value) })}
              error={Boolean(warnings[key])}
              helperText={warnings[key]}
              size="small"
              // The range is an order amount; the fee is money too, unless it is a percentage.
              {...(key === 'convenience_fee' && draft.ispercentage
                ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                : { startAdornment: moneyAdornment(currency) })}
            />
          </Box>
        ))}
        <FormControlLabel
          label={t('restaurant.fees.percentage')}
          control={
            <Checkbox
              checked={draft.ispercentage}
              onChange={(e) => setDraft({ ...draft, ispercentage: e.target.checked })}
            />
          }
        />
        <Button onClick={() => setPicker('draft')}>
          {t('restaurant.fees.pickDaysAndDates', { summary: summary(draft) })}
        </Button>
        <Button variant="outlined" onClick={handleAdd}>
          {editing === null ? t('restaurant.fees.add') : t('restaurant.fees.update')}
        </Button>
        {editing !== null && (
          <Button
            onClick={() => {
              setEditing(null);
              setDraft(EMPTY);
              setWarnings({});
            }}
          >
            {t('restaurant.common.cancel')}
          </Button>
        )}
      </Box>

      {picker !== null && (
        <DaysDatesDialog
          title={t('restaurant.fees.daysAndDates')}
          days={picker === 'draft' ? draft.days : (rows[picker]?.days ?? [])}
          dates={picker === 'draft' ? draft.dates : (rows[picker]?.dates ?? [])}
          onClose={() => setPicker(null)}
          onDone={(days, dates) => {
            if (picker === 'draft') setDraft({ ...draft, days, dates });
            else save(rows.map((r, i) => (i === picker ? { ...r, days, dates } : r)));
            setPicker(null);
          }}
        />
      )}
    </Box>
  );
}
