import { useState } from 'react';
import { FileDownloadOutlined as FileDownloadOutlinedIcon } from '../icons';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { ExportResult, ListQuery } from '../../lib/resource-api';
import { describeError } from '../../lib/server-message';
import { useSnackbar } from '../snackbar';

type Props = { api: { exportList: (query: ListQuery) => Promise<ExportResult> }; query: ListQuery; disabled?: boolean };

/**
 * Export: exactly the rows the list's search and filters select, in its order, as .xlsx. Small lists download at
 * once; large ones run as a background job whose file the tasks panel offers when it is ready.
 */
export function ExportButton({ api, query, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = await api.exportList(query);
      if (result.kind === 'file') snackbar.show(t('resource.exported', { name: result.name }), 'success');
      else snackbar.show(result.message || t('resource.exportStarted'), 'info');
    } catch (error) {
      snackbar.show(describeError(error, i18n), 'error');
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      onClick={() => void run()}
      disabled={disabled || running}
    >
      {t(running ? 'resource.exporting' : 'resource.export')}
    </Button>
  );
}
