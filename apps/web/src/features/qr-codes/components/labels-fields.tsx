import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../../components';
import type { Range } from '../labels';

export type LabelsDraft = { mode: 'range' | 'lines'; range: Range; lines: string };

type Props = { draft: LabelsDraft; onChange: (draft: LabelsDraft) => void; error?: string };

/** The labels of the codes to make: a numbered range with a prefix (T1 … T20), or typed one per line. */
export function LabelsFields({ draft, onChange, error }: Props) {
  const { t } = useTranslation();
  const range = (patch: Partial<Range>) => onChange({ ...draft, range: { ...draft.range, ...patch } });
  return (
    <>
      <RadioGroupField
        label={t('qrCodes.make.labelsMode')}
        row
        options={[
          { value: 'range', label: t('qrCodes.make.modeRange') },
          { value: 'lines', label: t('qrCodes.make.modeLines') },
        ]}
        value={draft.mode}
        onChange={(mode) => onChange({ ...draft, mode: mode as LabelsDraft['mode'] })}
      />
      {draft.mode === 'range' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            label={t('qrCodes.make.prefix')}
            value={draft.range.prefix}
            onChange={(event) => range({ prefix: event.target.value })}
            helperText={t('qrCodes.make.prefixHint')}
            slotProps={{ htmlInput: { maxLength: 50 } }}
            sx={{ width: 160 }}
          />
          <TextField
            label={t('qrCodes.make.from')}
            value={draft.range.from}
            onChange={(event) => range({ from: event.target.value })}
            error={Boolean(error)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 120 }}
          />
          <TextField
            label={t('qrCodes.make.to')}
            value={draft.range.to}
            onChange={(event) => range({ to: event.target.value })}
            error={Boolean(error)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 120 }}
          />
        </Box>
      ) : (
        <TextField
          label={t('qrCodes.make.lines')}
          value={draft.lines}
          onChange={(event) => onChange({ ...draft, lines: event.target.value })}
          helperText={t('qrCodes.make.linesHint')}
          error={Boolean(error)}
          multiline
          minRows={4}
          maxRows={12}
        />
      )}
    </>
  );
}
