import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { formatSyncTime } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import { useMenuAsOf } from './api';

type Props = {
  restaurant: string;
  money: (amount: number) => string;
  onClose: () => void;
};

/**
 * "As it was at…" (issue 36): pick a date and time (the browser's), then the restaurant's menu as it was then —
 * items, categories, price (the price book's where the restaurant has one) and state — read only.
 */
export function AsOfDialog({ restaurant, money, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [input, setInput] = useState(() => dayjs().subtract(1, 'hour').format('YYYY-MM-DDTHH:mm'));
  const [at, setAt] = useState<string | undefined>(undefined);
  const menu = useMenuAsOf(restaurant, at);
  const shownAt = useMemo(() => (at ? (formatSyncTime(at) ?? at) : ''), [at]);
  const show = () => {
    const time = dayjs(input);
    if (time.isValid()) setAt(time.toISOString());
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('menuHistory.asOf.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', pt: 1, mb: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            show();
          }}
        >
          <TextField
            type="datetime-local"
            label={t('menuHistory.asOf.time')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained">
            {t('menuHistory.asOf.show')}
          </Button>
        </Box>
        {menu.isError && <Alert severity="error">{describeError(menu.error, i18n)}</Alert>}
        {at && menu.isPending && <PageLoading />}
        {menu.data && (
          <>
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('menuHistory.asOf.readOnly', { time: shownAt })}
            </Alert>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
              {t('menuHistory.asOf.count', { count: menu.data.fooditems.length })}
            </Typography>
            <Table size="small" aria-label={t('menuHistory.asOf.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('menuHistory.asOf.name')}</TableCell>
                  <TableCell>{t('menuHistory.asOf.categories')}</TableCell>
                  <TableCell align="right">{t('menuHistory.asOf.price')}</TableCell>
                  <TableCell>{t('menuHistory.asOf.state')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {menu.data.fooditems.map((item) => (
                  <TableRow key={item.foodid}>
                    <TableCell>{item.foodname}</TableCell>
                    <TableCell>{item.listofcategories.join(', ')}</TableCell>
                    <TableCell align="right">{money(item.pricebook_price ?? item.price)}</TableCell>
                    <TableCell>
                      {[
                        item.hide_item && t('menuHistory.asOf.hidden'),
                        item.unavailable && t('menuHistory.asOf.unavailable'),
                      ]
                        .filter(Boolean)
                        .join(', ') || t('menuHistory.asOf.onSale')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('menuHistory.asOf.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
