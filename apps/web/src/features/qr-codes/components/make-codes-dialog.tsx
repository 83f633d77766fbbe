import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QR_TARGET_TYPES, qrCreateBody, type QrTargetType } from '@cd/core';
import { FormShell } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useCreateCodes, type QrCode } from '../api';
import { labelsFromLines, labelsFromRange } from '../labels';
import { LabelsFields, type LabelsDraft } from './labels-fields';
import { MadeCodes } from './made-codes';

type Props = {
  foodcourt: string;
  restaurant: string | null;
  /** "Atrium Food Court · Spice Route": where the codes are for. */
  place: string;
  onClose: () => void;
  /** The codes made: the page chooses them for printing. */
  onChoose: (codes: QrCode[]) => void;
};

const PREVIEW_NAMES = 5;

/** "Make codes": the target type and the labels (a range or one per line), previewed, then the codes made. */
export function MakeCodesDialog({ foodcourt, restaurant, place, onClose, onChoose }: Props) {
  const { t, i18n } = useTranslation();
  const create = useCreateCodes();
  const [type, setType] = useState<QrTargetType>('table');
  const [draft, setDraft] = useState<LabelsDraft>({
    mode: 'range',
    range: { prefix: 'T', from: '1', to: '' },
    lines: '',
  });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState('');
  const [made, setMade] = useState<QrCode[] | null>(null);

  const built = draft.mode === 'range' ? labelsFromRange(draft.range) : { labels: labelsFromLines(draft.lines) };
  const labels = 'labels' in built ? built.labels : [];
  const checked = qrCreateBody.safeParse({ foodcourt, restaurant, target_type: type, labels });
  const labelError =
    'error' in built
      ? t(`qrCodes.range.${built.error}`)
      : checked.success
        ? ''
        : checked.error.issues
            .filter((issue) => issue.path[0] === 'labels')
            .map((issue) =>
              typeof issue.path[1] === 'number' ? `${labels[issue.path[1]]}: ${issue.message}` : issue.message,
            )[0];
  const shown = labels.length > PREVIEW_NAMES ? [...labels.slice(0, PREVIEW_NAMES - 1), '…', labels.at(-1)] : labels;

  const submit = () => {
    setTried(true);
    setFailure('');
    if (!checked.success || labelError) return;
    create.mutate(
      { foodcourt, restaurant, target_type: type, labels: checked.data.labels },
      { onSuccess: setMade, onError: (error) => setFailure(describeError(error, i18n)) },
    );
  };

  if (made)
    return (
      <MadeCodes
        codes={made}
        onClose={onClose}
        onChoose={() => {
          onChoose(made);
          onClose();
        }}
      />
    );
  return (
    <FormShell
      variant="dialog"
      title={t('qrCodes.make.title')}
      subtitle={t('qrCodes.make.for', { place })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('qrCodes.make.submit', { count: labels.length })}
          </Button>
        </>
      }
    >
      <TextField
        select
        label={t('qrCodes.make.type')}
        value={type}
        onChange={(event) => setType(event.target.value as QrTargetType)}
        sx={{ maxWidth: 280 }}
      >
        {QR_TARGET_TYPES.map((v) => (
          <MenuItem key={v} value={v}>
            {t(`qrCodes.type.${v}`)}
          </MenuItem>
        ))}
      </TextField>
      <LabelsFields draft={draft} onChange={setDraft} error={tried ? labelError : undefined} />
      <Box role="status" aria-live="polite">
        {labels.length > 0 && (
          <Typography>{t('qrCodes.make.preview', { count: labels.length, labels: shown.join(', ') })}</Typography>
        )}
      </Box>
      {tried && labelError && <Alert severity="error">{labelError}</Alert>}
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
    </FormShell>
  );
}
