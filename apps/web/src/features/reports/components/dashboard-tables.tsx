import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DashboardAnswer } from '@cd/core';
import { moneyFormatter } from '../../../lib/money';
import { formatChange, formatCount } from '../format';
import { ReportCardItem } from './report-card-list';

/**
 * Today by restaurant (net, orders, last week's net, change) and the top items. On a phone each restaurant is a
 * card (issue 35): five columns do not fit its width.
 */
export function DashboardTables({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const money = moneyFormatter(answer.currency);
  const change = (r: DashboardAnswer['restaurants'][number]) =>
    formatChange({ type: 'money' }, { v: r.net }, { v: r.last_week_net }, 'v');
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <Box component="section" aria-labelledby="dashboard-restaurants">
        <Typography id="dashboard-restaurants" variant="h6" component="h2">
          {t('reports.dashboard.byRestaurant')}
        </Typography>
        {answer.restaurants.length === 0 ? (
          <Typography color="text.secondary">{t('reports.dashboard.noSales')}</Typography>
        ) : narrow ? (
          <Box
            component="ul"
            aria-label={t('reports.dashboard.byRestaurant')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {answer.restaurants.map((r) => (
              <ReportCardItem
                key={r.restaurant}
                card={{
                  title: r.name,
                  headline: [{ key: 'net', label: t('reports.dashboard.net'), value: money(r.net) }],
                  details: [
                    { key: 'orders', label: t('reports.dashboard.orders'), value: formatCount(r.orders) },
                    { key: 'last_week_net', label: t('reports.dashboard.lastWeekNet'), value: money(r.last_week_net) },
                    { key: 'change', label: t('reports.dashboard.change'), value: change(r) },
                  ],
                }}
              />
            ))}
          </Box>
        ) : (
          <Table size="small" aria-label={t('reports.dashboard.byRestaurant')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reports.dashboard.restaurant')}</TableCell>
                <TableCell align="right">{t('reports.dashboard.net')}</TableCell>
                <TableCell align="right">{t('reports.dashboard.orders')}</TableCell>
                <TableCell align="right">{t('reports.dashboard.lastWeekNet')}</TableCell>
                <TableCell align="right">{t('reports.dashboard.change')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.restaurants.map((r) => (
                <TableRow key={r.restaurant}>
                  <TableCell component="th" scope="row">
                    {r.name}
                  </TableCell>
                  <TableCell align="right">{money(r.net)}</TableCell>
                  <TableCell align="right">{formatCount(r.orders)}</TableCell>
                  <TableCell align="right">{money(r.last_week_net)}</TableCell>
                  <TableCell align="right">{change(r)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      <Box component="section" aria-labelledby="dashboard-top-items">
        <Typography id="dashboard-top-items" variant="h6" component="h2">
          {t('reports.dashboard.topItems')}
        </Typography>
        {answer.top_items.length === 0 ? (
          <Typography color="text.secondary">{t('reports.dashboard.noSales')}</Typography>
        ) : (
          <Table size="small" aria-label={t('reports.dashboard.topItems')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reports.dashboard.item')}</TableCell>
                <TableCell align="right">{t('reports.dashboard.quantity')}</TableCell>
                <TableCell align="right">{t('reports.dashboard.net')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.top_items.map((item) => (
                <TableRow key={item.foodid}>
                  <TableCell component="th" scope="row">
                    {item.name}
                  </TableCell>
                  <TableCell align="right">{formatCount(item.quantity)}</TableCell>
                  <TableCell align="right">{money(item.net)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
    </Box>
  );
}
