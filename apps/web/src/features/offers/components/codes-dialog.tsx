import { useState } from 'react';
import { FileDownloadOutlined as FileDownloadOutlinedIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { generateCodesBody, OFFER_LIMITS, type Offer } from '@cd/core';
import { GenericDialog } from '../../../components/generic-dialog';
import { ScrollRegion } from '../../../components/scroll-region';
import { numberOf } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { exportCodes, useGenerateCodes, useOfferCodes } from '../api';
import { formatTime } from '../format';

const PAGE_SIZE = 25;
type Used = 'true' | 'false' | undefined;

/**
 * A unique-code promotion's codes (`?dialog=codes&edit=<id>`): generate more (how many, an optional prefix; core's
 * rule), the codes page by page (all, used or not yet used) with whom each was given to and its uses, and Export
 * codes (.xlsx).
 */
export function CodesDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [count, setCount] = useState('20');
  const [prefix, setPrefix] = useState('');
  const [errors, setErrors] = useState<{ count?: string; prefix?: string }>({});
  const [used, setUsed] = useState<Used>(undefined);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const codes = useOfferCodes(offer.id, { used, page, page_size: PAGE_SIZE });
  const generate = useGenerateCodes(offer.id);

  const submit = () => {
    const parsed = generateCodesBody.safeParse({ count: numberOf(count), prefix });
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        byField[field] ??=
          field === 'count' && /Invalid input/.test(issue.message) ? t('resource.enterNumber') : issue.message;
      }
      setErrors(byField);
      return;
    }
    setErrors({});
    generate.mutate(
      { count: parsed.data.count, prefix: parsed.data.prefix },
      {
        onSuccess: (answer) => {
          snackbar.show(answer.message || t('offers.codes.generated', { count: answer.generated }), 'success');
          setPage(1);
        },
        onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
      },
    );
  };
  const download = async () => {
    setExporting(true);
    try {
      const name = await exportCodes(offer);
      if (name) snackbar.show(t('resource.exported', { name }), 'success');
    } catch (error) {
      snackbar.show(describeError(error, i18n), 'error');
    } finally {
      setExporting(false);
    }
  };
  const rows = codes.data?.codes ?? [];
  const total = codes.data?.total ?? 0;

  return (
    <GenericDialog open title={t('offers.codes.title', { name: offer.name })} onClose={onClose} maxWidth="md">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          component="form"
          noValidate
          aria-label={t('offers.codes.generateForm')}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            label={t('offers.codes.count')}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            error={Boolean(errors.count)}
            helperText={
              errors.count ?? t('offers.codes.countHint', { max: OFFER_LIMITS.generate.toLocaleString('en') })
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 200 }}
          />
          <TextField
            label={t('offers.codes.prefix')}
            value={prefix}
            onChange={(event) => setPrefix(event.target.value.toUpperCase())}
            error={Boolean(errors.prefix)}
            helperText={errors.prefix ?? t('offers.codes.prefixHint')}
            slotProps={{ htmlInput: { maxLength: 10 } }}
            sx={{ width: 200 }}
          />
          <Button type="submit" variant="contained" disabled={generate.isPending} sx={{ mt: 1 }}>
            {t('offers.codes.generate')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('offers.codes.used')}
            value={used ?? ''}
            onChange={(event) => {
              setUsed((event.target.value || undefined) as Used);
              setPage(1);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('resource.filters.all')}</MenuItem>
            <MenuItem value="true">{t('offers.codes.usedOnly')}</MenuItem>
            <MenuItem value="false">{t('offers.codes.unusedOnly')}</MenuItem>
          </TextField>
          <Typography color="text.secondary" sx={{ flex: 1 }}>
            {t('offers.codes.total', { count: total })}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={() => void download()}
            disabled={exporting || total === 0}
          >
            {t('offers.codes.export')}
          </Button>
        </Box>
        {codes.isError && <Alert severity="error">{describeError(codes.error, i18n)}</Alert>}
        <ScrollRegion label={t('offers.codes.listLabel')}>
          {codes.isFetching && <LinearProgress aria-label={t('resource.loading')} />}
          <Table size="small" aria-label={t('offers.codes.listLabel')} aria-busy={codes.isFetching}>
            <TableHead>
              <TableRow>
                <TableCell>{t('offers.codes.code')}</TableCell>
                <TableCell>{t('offers.codes.customer')}</TableCell>
                <TableCell align="right">{t('offers.codes.uses')}</TableCell>
                <TableCell>{t('offers.codes.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && !codes.isFetching && (
                <TableRow>
                  <TableCell colSpan={4}>{t('offers.codes.empty')}</TableCell>
                </TableRow>
              )}
              {rows.map((code) => (
                <TableRow key={code.code}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{code.code}</TableCell>
                  <TableCell>{code.customer_ref || '—'}</TableCell>
                  <TableCell align="right">{code.uses}</TableCell>
                  <TableCell>{formatTime(code.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, page - 1)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next + 1)}
        />
      </Box>
    </GenericDialog>
  );
}
