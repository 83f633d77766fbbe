import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardAnswer } from '@cd/core';
import { moneyFormatter } from '../../../lib/money';
import { formatChange, formatCount } from '../format';

/** Today by restaurant (net, orders, last week's net, change) and the top items. */
export function DashboardTables({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const money = moneyFormatter(answer.currency);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <Box component="section" aria-labelledby="dashboard-restaurants">
        <Typography id="dashboard-restaurants" variant="h6" component="h2">
          {t('reports.dashboard.byRestaurant')}
        </Typography>
        {answer.restaurants.length === 0 ? (
          <Typography color="text.secondary">{t('reports.dashboard.noSales')}</Typography>
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
                  <TableCell align="right">
                    {formatChange({ type: 'money' }, { v: r.net }, { v: r.last_week_net }, 'v')}
                  </TableCell>
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
