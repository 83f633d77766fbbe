import { useState } from 'react';
import { CloudUploadOutlined as CloudUploadOutlinedIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { DayRef } from '../api';
import { PageLoading } from '../../../components/page-loading';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { usePreview, useSapUpload } from '../sap-api';
import { previewReady, PreviewSummary } from './preview-summary';

type Props = { day: DayRef; onJob: (jobId: string) => void };

/** The lines a refused upload names (extras.lines): texts, or lines with a text. */
function linesOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.extras.lines)) return [];
  return (error.extras.lines as unknown[]).map((l) =>
    typeof l === 'string' ? l : String((l as { text?: unknown }).text ?? JSON.stringify(l)),
  );
}

/**
 * A closed day's posting at a glance (balanced? lines without a rule?) and Upload, which builds and delivers it
 * as a background task (the tasks panel shows its progress; the log below is read again when it ends).
 */
export function UploadPanel({ day, onJob }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const preview = usePreview(day);
  const upload = useSapUpload();
  const [refused, setRefused] = useState<{ message: string; lines: string[] } | null>(null);

  const start = () => {
    setRefused(null);
    upload.mutate(day, {
      onSuccess: (answer) => {
        if (answer.job?.id) onJob(answer.job.id);
        snackbar.show(answer.message || t('sap.upload.started'), 'success');
      },
      onError: (error) => setRefused({ message: describeError(error, i18n), lines: linesOf(error) }),
    });
  };

  if (preview.isError) return <Alert severity="error">{describeError(preview.error, i18n)}</Alert>;
  if (!preview.data) return <PageLoading />;
  const { ready } = previewReady(preview.data);
  const closed = preview.data.state === 'closed';
  return (
    <Box
      component="section"
      aria-label={t('sap.upload.panel')}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <PreviewSummary preview={preview.data} />
      {!closed && <Alert severity="warning">{t('sap.upload.notClosed')}</Alert>}
      {refused && (
        <Alert severity="error" onClose={() => setRefused(null)}>
          <AlertTitle>{t('sap.upload.refused')}</AlertTitle>
          {refused.message}
          {refused.lines.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {refused.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          startIcon={<CloudUploadOutlinedIcon />}
          disabled={!ready || !closed || upload.isPending}
          onClick={start}
        >
          {t(upload.isPending ? 'sap.upload.starting' : 'sap.upload.button')}
        </Button>
      </Box>
    </Box>
  );
}
