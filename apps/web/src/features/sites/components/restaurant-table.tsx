import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RestaurantSummary } from '@cd/core';
import { EditButton } from './edit-button';
import { LastChanged } from './last-changed';
import { SiteTableFrame, type SitePaging } from './site-table-frame';

type Props = SitePaging & {
  restaurants: RestaurantSummary[];
  /** Client id → name, for the client column. */
  clientNames: Map<string, string>;
  loading?: boolean;
  onEdit: (restaurant: string) => void;
};

const STATUS_COLOUR: Record<string, ChipProps['color']> = {
  active: 'success',
  inactive: 'default',
  demo: 'info',
  closed: 'error',
};

/** One page of restaurants with their service chips; Edit opens the restaurant form. */
export function RestaurantTable({ restaurants, clientNames, loading, onEdit, ...paging }: Props) {
  const { t, i18n } = useTranslation();
  const label = (group: string, value: string) =>
    !value ? '' : i18n.exists(`sites.restaurant.${group}.${value}`) ? t(`sites.restaurant.${group}.${value}`) : value;
  return (
    <SiteTableFrame
      {...paging}
      label={t('sites.restaurant.listLabel')}
      empty={t('sites.restaurant.empty')}
      rowCount={restaurants.length}
      loading={loading}
      columns={[
        t('sites.fields.name'),
        t('sites.fields.id'),
        t('sites.fields.foodcourt'),
        t('sites.fields.client'),
        t('sites.fields.status'),
        t('sites.fields.type'),
        t('sites.fields.service'),
        t('sites.fields.lastChanged'),
        t('sites.list.actions'),
      ]}
    >
      {restaurants.map((row) => (
        <TableRow key={row.restaurant} hover>
          <TableCell>{row.name}</TableCell>
          <TableCell>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {row.restaurant}
            </Typography>
          </TableCell>
          <TableCell>{row.foodcourt_name || row.foodcourt}</TableCell>
          <TableCell>{clientNames.get(row.client) ?? row.client}</TableCell>
          <TableCell>
            {row.status && (
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLOUR[row.status] ?? 'default'}
                label={label('status', row.status)}
              />
            )}
          </TableCell>
          <TableCell>{label('type', row.type)}</TableCell>
          <TableCell>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {row.hasdinein && <Chip size="small" label={t('sites.restaurant.dinein')} />}
              {row.hasdelivery && <Chip size="small" label={t('sites.restaurant.delivery')} />}
              {row.hide_restaurant && (
                <Chip size="small" color="warning" variant="outlined" label={t('sites.restaurant.hidden')} />
              )}
            </Box>
          </TableCell>
          <TableCell>
            <LastChanged row={row} />
          </TableCell>
          <TableCell align="right">
            <EditButton name={row.name} onClick={() => onEdit(row.restaurant)} />
          </TableCell>
        </TableRow>
      ))}
    </SiteTableFrame>
  );
}
