import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LocationView } from '@cd/core';
import { EditButton } from './edit-button';
import { LastChanged } from './last-changed';
import { SiteTableFrame, type SitePaging } from './site-table-frame';

type Props = SitePaging & {
  locations: LocationView[];
  loading?: boolean;
  onEdit: (location: string) => void;
};

/** One page of organisations; the counts open the food court and restaurant lists of that organisation. */
export function LocationTable({ locations, loading, onEdit, ...paging }: Props) {
  const { t } = useTranslation();
  return (
    <SiteTableFrame
      {...paging}
      label={t('sites.location.listLabel')}
      empty={t('sites.location.empty')}
      rowCount={locations.length}
      loading={loading}
      columns={[
        t('sites.fields.name'),
        t('sites.fields.id'),
        t('sites.fields.foodcourtCount'),
        t('sites.fields.restaurantCount'),
        t('sites.fields.lastChanged'),
        t('sites.list.actions'),
      ]}
    >
      {locations.map((row) => (
        <TableRow key={row.location} hover>
          <TableCell>{row.name}</TableCell>
          <TableCell>{row.location}</TableCell>
          <TableCell>
            <Link component={RouterLink} to={`/foodcourt?location=${encodeURIComponent(row.location)}`}>
              {row.foodcourt_count}
            </Link>
          </TableCell>
          <TableCell>
            <Link component={RouterLink} to={`/restaurant?location=${encodeURIComponent(row.location)}`}>
              {row.restaurant_count}
            </Link>
          </TableCell>
          <TableCell>
            <LastChanged row={row} />
          </TableCell>
          <TableCell align="right">
            <EditButton name={row.name} onClick={() => onEdit(row.location)} />
          </TableCell>
        </TableRow>
      ))}
    </SiteTableFrame>
  );
}
