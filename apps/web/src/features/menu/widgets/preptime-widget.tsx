import { useState } from 'react';
import { Delete as DeleteIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validatePrepTimeAdd, type PrepTimeRange } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import type { WidgetProps } from './types';

type Draft = { starttime: string | null; endtime: string | null; preptime: string; preptimelabel: string };
const EMPTY: Draft = { starttime: null, endtime: null, preptime: '', preptimelabel: '' };

/**
 * Preparation-time ranges (spec 001 §5.2): start, end, prep minutes (1–59, at most 2 characters) and a label.
 * Adding checks core's rule: a bad time range shows under the inputs, every other refusal as a warning alert.
 * Deleting a range asks first.
 */
export function PrepTimeWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { alert } = useItemEditor();
  const { control, setValue } = useFormContext<ItemFormValues>();
  const rows = (useWatch({ control, name: 'app_preptime_array' }) ?? []) as PrepTimeRange[];
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [inline, setInline] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const save = (next: PrepTimeRange[]) => setValue('app_preptime_array', next, { shouldDirty: true });

  const add = () => {
    const row = { ...draft, starttime: draft.starttime ?? '', endtime: draft.endtime ?? '' };
    const error = validatePrepTimeAdd(row, rows);
    if (error) {
      const text = t(error.key, error.message);
      if (error.key === 'editMenu.invalidTimeRange') setInline(text);
      else alert('warning', text);
      return;
    }
    setInline('');
    const added = { ...row, preptime: Number(draft.preptime), preptimelabel: draft.preptimelabel.trim() };
    save([...rows, added].sort((a, b) => a.starttime.localeCompare(b.starttime)));
    setDraft(EMPTY);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {def.label}
      </FormLabel>
      {rows.length > 0 && (
        <Table size="small" aria-label={def.label} sx={{ mb: 1, maxWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('editMenu.prepTime.start')}</TableCell>
              <TableCell>{t('editMenu.prepTime.end')}</TableCell>
              <TableCell>{t('editMenu.prepTime.minutes')}</TableCell>
              <TableCell>{t('editMenu.prepTime.label')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={`${row.starttime}-${row.endtime}`}>
                <TableCell>{row.starttime}</TableCell>
                <TableCell>{row.endtime}</TableCell>
                <TableCell>{row.preptime}</TableCell>
                <TableCell>{row.preptimelabel}</TableCell>
                <TableCell align="right">
                  <IconButton
                    size="small"
                    disabled={disabled}
                    aria-label={t('editMenu.prepTime.remove', { range: `${row.starttime}-${row.endtime}` })}
                    onClick={() => setRemoving(index)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ThemedDateTimePicker
          type="time"
          label={t('editMenu.prepTime.startOf')}
          value={draft.starttime}
          onChange={(starttime) => setDraft((d) => ({ ...d, starttime }))}
          disabled={disabled}
          error={Boolean(inline)}
        />
        <ThemedDateTimePicker
          type="time"
          label={t('editMenu.prepTime.endOf')}
          value={draft.endtime}
          onChange={(endtime) => setDraft((d) => ({ ...d, endtime }))}
          disabled={disabled}
          error={Boolean(inline)}
        />
        <TextField
          label={t('editMenu.prepTime.minutes')}
          value={draft.preptime}
          // Digits only, at most 2 (1–59 minutes is checked on Add).
          onChange={(e) => setDraft((d) => ({ ...d, preptime: e.target.value.replace(/\D/g, '').slice(0, 2) }))}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          sx={{ width: 130 }}
        />
        <TextField
          label={t('editMenu.prepTime.label')}
          value={draft.preptimelabel}
          onChange={(e) => setDraft((d) => ({ ...d, preptimelabel: e.target.value.slice(0, 40) }))}
          disabled={disabled}
          sx={{ width: 180 }}
        />
        <Button variant="outlined" onClick={add} disabled={disabled} sx={{ height: 56 }}>
          {t('editMenu.prepTime.add')}
        </Button>
      </Box>
      {inline && (
        <FormHelperText error role="alert">
          {inline}
        </FormHelperText>
      )}
      <ConfirmPopup
        open={removing !== null}
        type="warning"
        title={t('editMenu.prepTime.removeTitle')}
        primaryText={
          removing !== null && rows[removing]
            ? t('editMenu.prepTime.removeText', { range: `${rows[removing].starttime}-${rows[removing].endtime}` })
            : ''
        }
        positiveLabel={t('common.yes')}
        negativeLabel={t('common.no')}
        onPositive={() => {
          if (removing !== null) save(rows.filter((_, i) => i !== removing));
          setRemoving(null);
        }}
        onNegative={() => setRemoving(null)}
      />
    </Box>
  );
}
