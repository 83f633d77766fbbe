import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DayEnd } from '@cd/core';
import { ConfirmPopup, moneyAdornment } from '../../../components';
import { NumberInput } from '../../../components/number-input';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useCloseDay } from '../api';
import { checkCount, type CountDraft } from '../count';
import { formatDate } from '../format';
import { Difference } from './difference';

type Props = { day: DayEnd };

/** Why a close was refused, in words: the blockers the server listed, someone closing first, an old version. */
function refusal(error: unknown, describe: (e: unknown) => string, t: TFunction) {
  if (!(error instanceof ApiError)) return describe(error);
  if (error.code === 'dayHasBlockers') {
    const listed = Array.isArray(error.extras.blockers) ? (error.extras.blockers as { order_number?: string }[]) : [];
    const numbers = listed.map((b) => b.order_number).filter(Boolean);
    return t('dayend.close.hasBlockers', { orders: numbers.join(', ') || '—' });
  }
  if (error.code === 'dayClosed') return t('dayend.close.closedFirst');
  if (error.code === 'versionConflict') return t('dayend.close.versionConflict');
  return describe(error);
}

/**
 * The count at close: one counted amount per tender (empty = as expected), the difference from what the
 * payments say shown as it is typed, a note required when any difference is not zero (the server's rule), and
 * Close day — off, saying why, while orders still block the day.
 */
/**
 * On a phone each tender is a small card (issue 35: the amounts, the difference and the note ran off the screen): its
 * name, then the expected amount and the difference side by side, each with its header, then the counted field.
 */
const countTableSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    '& thead': { display: 'none' },
    '& tbody': { display: 'block' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      gap: 1,
      py: 1.5,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& td': { display: 'block', border: 0, p: 0, minWidth: 0, textAlign: 'left', overflowWrap: 'anywhere' },
    '& td:first-of-type': { gridColumn: '1 / -1', fontWeight: 600 },
    '& td:nth-of-type(3)': { gridColumn: '1 / -1', order: 1 },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      color: theme.palette.text.secondary,
      fontSize: theme.typography.caption.fontSize,
    },
  },
});

export function CountForm({ day }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const close = useCloseDay();
  const [draft, setDraft] = useState<CountDraft>({ amounts: {}, note: '' });
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState('');
  const [noteError, setNoteError] = useState('');
  const check = checkCount(day.totals, draft);
  const money = moneyFormatter(day.totals.currency);
  const blocked = day.blockers.length > 0;

  const submit = () => {
    setTried(true);
    setFailure('');
    if (check.invalid.length || check.noteMissing) return;
    setAsking(true);
  };
  const send = () => {
    setAsking(false);
    close.mutate(
      {
        restaurant: day.restaurant,
        business_date: day.business_date,
        version: day.version,
        counted: check.counted,
        note: draft.note.trim(),
      },
      {
        onSuccess: () => snackbar.show(t('dayend.close.done', { date: formatDate(day.business_date) }), 'success'),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'countNote')
            setNoteError(describeError(error, i18n).replace(/^[\w.]+: /, ''));
          else if (error instanceof ApiError && (error.code === 'dayClosed' || error.code === 'versionConflict'))
            // The day is read again and this form makes way for it: the notice outlives the form.
            snackbar.show(
              refusal(error, (e) => describeError(e, i18n), t),
              'warning',
            );
          else setFailure(refusal(error, (e) => describeError(e, i18n), t));
        },
      },
    );
  };

  const noteMessage = noteError || (tried && check.noteMissing ? t('dayend.count.noteRequired') : '');
  return (
    <Box
      component="form"
      aria-labelledby="dayend-count"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Typography id="dayend-count" variant="h6" component="h3">
        {t('dayend.count.title')}
      </Typography>
      <Typography color="text.secondary">{t('dayend.count.intro')}</Typography>
      <Table size="small" aria-label={t('dayend.count.table')} sx={countTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dayend.count.tender')}</TableCell>
            <TableCell align="right">{t('dayend.count.expected')}</TableCell>
            <TableCell>{t('dayend.count.counted')}</TableCell>
            <TableCell align="right">{t('dayend.count.difference')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {check.lines.map((line) => {
            const name = t(`dayend.tender.${line.tender}`);
            const invalid = tried && check.invalid.includes(line.tender);
            return (
              <TableRow key={line.tender}>
                <TableCell>{name}</TableCell>
                <TableCell align="right" data-label={t('dayend.count.expected')}>
                  {money(line.expected)}
                </TableCell>
                <TableCell sx={{ minWidth: { sm: 160 } }}>
                  <NumberInput
                    label={t('dayend.count.countedOf', { tender: name })}
                    size="small"
                    value={draft.amounts[line.tender] ?? ''}
                    onChange={(event) =>
                      setDraft((d) => ({ ...d, amounts: { ...d.amounts, [line.tender]: event.target.value } }))
                    }
                    startAdornment={moneyAdornment(day.totals.currency)}
                    inputProps={{ step: 0.001 }}
                    error={invalid}
                    helperText={invalid ? t('dayend.count.invalid') : undefined}
                  />
                </TableCell>
                <TableCell align="right" aria-live="polite" data-label={t('dayend.count.difference')}>
                  <Difference value={line.difference} money={money} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <TextField
        label={t('dayend.count.note')}
        value={draft.note}
        onChange={(event) => {
          setNoteError('');
          setDraft((d) => ({ ...d, note: event.target.value }));
        }}
        required={check.noteRequired}
        error={Boolean(noteMessage)}
        helperText={noteMessage || (check.noteRequired ? t('dayend.count.noteWhy') : t('dayend.count.noteHint'))}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        multiline
        minRows={2}
      />
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      {blocked && <Alert severity="warning">{t('dayend.close.blocked', { count: day.blockers.length })}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={blocked || close.isPending}>
          {t('dayend.close.button')}
        </Button>
      </Box>
      <ConfirmPopup
        open={asking}
        type="warning"
        title={t('dayend.close.confirmTitle', { date: formatDate(day.business_date), restaurant: day.restaurant_name })}
        primaryText={t('dayend.close.confirmText')}
        positiveLabel={t('dayend.close.button')}
        negativeLabel={t('dayend.keep')}
        onPositive={send}
        onNegative={() => setAsking(false)}
      />
    </Box>
  );
}
