import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FoodcourtView } from '@cd/core';
import { EditButton } from './edit-button';
import { LastChanged } from './last-changed';
import { SiteTableFrame, type SitePaging } from './site-table-frame';

type Props = SitePaging & {
  foodcourts: FoodcourtView[];
  loading?: boolean;
  onEdit: (foodcourt: string) => void;
};

/** One page of food courts; the count opens the food court's restaurants. */
export function FoodcourtTable({ foodcourts, loading, onEdit, ...paging }: Props) {
  const { t } = useTranslation();
  return (
    <SiteTableFrame
      {...paging}
      label={t('sites.foodcourt.listLabel')}
      empty={t('sites.foodcourt.empty')}
      rowCount={foodcourts.length}
      loading={loading}
      columns={[
        t('sites.fields.name'),
        t('sites.fields.id'),
        t('sites.fields.location'),
        t('sites.fields.restaurantCount'),
        t('sites.fields.lastChanged'),
        t('sites.list.actions'),
      ]}
    >
      {foodcourts.map((row) => (
        <TableRow key={row.foodcourt} hover>
          <TableCell>{row.name}</TableCell>
          <TableCell>{row.foodcourt}</TableCell>
          <TableCell>{row.location_name || row.location}</TableCell>
          <TableCell>
            <Link component={RouterLink} to={`/restaurant?foodcourt=${encodeURIComponent(row.foodcourt)}`}>
              {row.restaurant_count}
            </Link>
          </TableCell>
          <TableCell>
            <LastChanged row={row} />
          </TableCell>
          <TableCell align="right">
            <EditButton name={row.name} onClick={() => onEdit(row.foodcourt)} />
          </TableCell>
        </TableRow>
      ))}
    </SiteTableFrame>
  );
}
