import { useId, useState } from 'react';
import { FileDownloadOutlined as FileDownloadOutlinedIcon } from '../../../components/icons';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { REPORT_EXPORT_FORMATS, type ReportExportFormat, type ReportRunBody } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useExportReport } from '../api';

type Props = { body: ReportRunBody; disabled?: boolean };

/**
 * Export (Excel, CSV, PDF): the report as run, every row, written by a background task; the tasks panel shows
 * its progress and offers the file when it is done.
 */
export function ExportMenu({ body, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const exportReport = useExportReport();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (format: ReportExportFormat) => {
    setAnchor(null);
    exportReport.mutate(
      { ...body, format },
      {
        onSuccess: (answer) => snackbar.show(answer.message || t('reports.export.started'), 'info'),
        onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
      },
    );
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={disabled || exportReport.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t(exportReport.isPending ? 'reports.export.starting' : 'reports.export.open')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {REPORT_EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => choose(format)}>
            {t(`reports.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
