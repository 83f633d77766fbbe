import { Download as DownloadIcon, Print as PrintIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { usePrintSheet, useZip } from '../api';

type Props = {
  chosen: number[];
  /** Every code the list shows under its search and filters (all pages). */
  all: number[];
  onChoose: (ids: number[]) => void;
};

const MAX_BATCH = 500;

/** The chosen codes: choose all or none, print them on a sheet (PDF) or download them as a zip of PNG and SVG. */
export function SelectionBar({ chosen, all, onChoose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const print = usePrintSheet();
  const zip = useZip();
  const busy = print.isPending || zip.isPending;
  const none = chosen.length === 0;
  const tooMany = chosen.length > MAX_BATCH;
  const run = (mutation: typeof print) =>
    mutation.mutate(chosen, {
      onSuccess: (name) => snackbar.show(t('qrCodes.downloaded', { name }), 'success'),
      onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
    });
  return (
    <Box
      role="group"
      aria-label={t('qrCodes.selection.label')}
      sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography aria-live="polite" sx={{ mr: 1 }}>
        {t('qrCodes.selection.count', { count: chosen.length })}
      </Typography>
      <Button size="small" onClick={() => onChoose(all)} disabled={all.length === 0}>
        {t('qrCodes.selection.all', { count: all.length })}
      </Button>
      <Button size="small" onClick={() => onChoose([])} disabled={none}>
        {t('qrCodes.selection.clear')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        startIcon={<PrintIcon />}
        disabled={none || tooMany || busy}
        onClick={() => run(print)}
      >
        {t('qrCodes.selection.print')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        disabled={none || tooMany || busy}
        onClick={() => run(zip)}
      >
        {t('qrCodes.selection.zip')}
      </Button>
      {tooMany && (
        <Typography variant="body2" color="error">
          {t('qrCodes.selection.tooMany', { max: MAX_BATCH })}
        </Typography>
      )}
    </Box>
  );
}
