import { useId, useState } from 'react';
import { UploadFile as UploadFileIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_MAX_MB, type PdfDocument } from '@cd/core';
import { FormSection } from '../../../components/form-parts';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { fileUrl, useRevisions, useUpload } from '../api';
import { formatSize, formatTime } from '../format';

/**
 * A saved document's PDF: the current file (name, size, pages, Open), Upload PDF (a new revision; the server
 * refuses anything that is not a real PDF, and says why here) and the revisions uploaded before, each openable.
 */
type Props = {
  document: PdfDocument;
  /** The document as the upload answered it, and the version it had before. */
  onUploaded: (document: PdfDocument, from: number) => void;
};

export function FileSection({ document, onUploaded }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const upload = useUpload(document.id);
  const revisions = useRevisions(document.id);
  const [problem, setProblem] = useState('');
  const historyId = useId();
  const file = document.file;

  const choose = (chosen: File | undefined) => {
    setProblem('');
    if (!chosen) return;
    if (chosen.size > DOCUMENT_MAX_MB * 1024 * 1024) {
      setProblem(t('documents.file.tooBig', { max: DOCUMENT_MAX_MB }));
      return;
    }
    const from = document.version;
    upload.mutate(chosen, {
      onSuccess: (answer) => {
        snackbar.show(answer.message || t('documents.file.uploaded'), 'success');
        void revisions.refetch();
        onUploaded(answer.document, from);
      },
      onError: (error) => setProblem(describeError(error, i18n)),
    });
  };

  return (
    <FormSection title={t('documents.file.title')} hint={t('documents.file.hint', { max: DOCUMENT_MAX_MB })}>
      {file ? (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <Typography>
            {t('documents.file.current', {
              name: file.file_name,
              size: formatSize(file.size),
              count: file.pages,
            })}
          </Typography>
          <Link href={fileUrl(document.id)} target="_blank" rel="noopener">
            {t('documents.file.open')}
          </Link>
        </Box>
      ) : (
        <Typography color="text.secondary">{t('documents.file.none')}</Typography>
      )}
      <Box>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending}>
          {upload.isPending ? t('documents.file.uploading') : t('documents.file.upload')}
          <input
            type="file"
            accept="application/pdf"
            hidden
            aria-label={t('documents.file.upload')}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
      </Box>
      {problem && (
        <Alert severity="error" onClose={() => setProblem('')}>
          {problem}
        </Alert>
      )}
      {revisions.data && revisions.data.length > 0 && (
        <div>
          <Typography variant="subtitle2" id={historyId}>
            {t('documents.file.history')}
          </Typography>
          <List dense disablePadding aria-labelledby={historyId}>
            {revisions.data.map((r) => (
              <ListItem key={r.revision} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <span>
                  {t('documents.file.revision', {
                    revision: r.revision,
                    name: r.file_name,
                    size: formatSize(r.size),
                    count: r.pages,
                    by: r.uploaded_by ?? '—',
                    at: formatTime(r.uploaded_at),
                  })}
                </span>
                <Link href={fileUrl(document.id, r.revision)} target="_blank" rel="noopener">
                  {t('documents.file.openRevision', { revision: r.revision })}
                </Link>
              </ListItem>
            ))}
          </List>
        </div>
      )}
      {revisions.isError && <Alert severity="error">{describeError(revisions.error, i18n)}</Alert>}
    </FormSection>
  );
}
