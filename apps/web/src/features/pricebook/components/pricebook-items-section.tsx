import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { MENU_LIMITS, type PricebookFoodItem } from '@cd/core';
import { PageLoading, useNotify } from '../../../components';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { effectiveItemSearch, usePricebookItems, useSavePricebookPrice } from '../api';
import { PriceCell } from './price-cell';
import { SearchField } from '../../../components/resource';

type Props = {
  path: number;
  pathName: string;
  search: string;
  onSearch: (search: string) => void;
};

function enabledAsSubmenu(extras: string): boolean {
  try {
    const parsed: unknown = JSON.parse(extras);
    return (
      typeof parsed === 'object' && parsed !== null && (parsed as Record<string, unknown>).enable_as_submenu === true
    );
  } catch {
    return false;
  }
}

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The path's price-book items with their prices, searchable by name (3 characters or more). */
export function PricebookItemsSection({ path, pathName, search, onSearch }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const list = usePricebookItems(path, search);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const restore = useSavePricebookPrice();
  // Undo on the saved notice puts the old price back, as a new save of the version just written (a change by
  // someone else since then is a conflict, said as such, never overwritten).
  const undo = (saved: PricebookFoodItem, before: number) =>
    restore.mutate(
      { path: saved.path, foodid: saved.foodid, price: before, version: saved.version },
      {
        onSuccess: () =>
          notify({
            message: t('pricebook.items.undone', {
              name: saved.foodname,
              price: moneyFormatter()(before),
            }),
            severity: 'success',
          }),
        onError: (failure) => notify({ message: describeError(failure, i18n), severity: 'error' }),
      },
    );
  const items = list.data ?? [];
  const applied = effectiveItemSearch(search);

  return (
    <Box component="section" aria-labelledby="pricebook-items-heading" sx={{ mb: 4 }}>
      <Typography id="pricebook-items-heading" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('pricebook.items.heading')}
      </Typography>
      <Box sx={{ mb: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <SearchField label={t('pricebook.items.search')} value={search} onSearch={onSearch} />
        {search !== '' && applied === '' && (
          <Typography variant="body2" color="text.secondary">
            {t('pricebook.items.searchHint', { count: MENU_LIMITS.searchMinChars })}
          </Typography>
        )}
      </Box>
      {/* A failed read is logged (the query cache, spec 001 §8) and said as such: never "No items on this path". */}
      {list.isError && (
        <Alert severity="error">{t('pricebook.items.unreadable', { reason: describeError(list.error, i18n) })}</Alert>
      )}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError && items.length === 0 ? null : items.length === 0 ? (
        <Typography color="text.secondary">
          {t(applied ? 'pricebook.items.noMatches' : 'pricebook.items.empty')}
        </Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 560 }}>
          <Table size="small" stickyHeader aria-label={t('pricebook.items.listLabel', { path: pathName })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('pricebook.items.name')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('pricebook.items.foodid')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('pricebook.items.asSubmenu')}</TableCell>
                <TableCell>{t('pricebook.items.price')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.foodid} hover>
                  <TableCell>
                    {item.foodname}
                    {/* On a phone the id goes under the name, so the price column stays on screen. */}
                    {narrow && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {item.foodid}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, color: 'text.secondary' }}>{item.foodid}</TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {enabledAsSubmenu(item.extras) && <Chip size="small" label={t('pricebook.items.yes')} />}
                  </TableCell>
                  <TableCell>
                    <PriceCell
                      item={item}
                      onConflict={() => void list.refetch()}
                      onReverted={() => void list.refetch()}
                      onSaved={(saved, before) =>
                        notify({
                          message: t('pricebook.items.saved'),
                          severity: 'success',
                          action: { label: t('pricebook.items.undo'), onClick: () => undo(saved, before) },
                        })
                      }
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
