import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AllergenView } from '@cd/core';

type Props = {
  allergens: AllergenView[];
  deleting: boolean;
  onEdit: (allergen: AllergenView) => void;
  onDelete: (allergen: AllergenView) => void;
};

/** Why an allergen cannot be deleted, or '' when it can. */
function deleteBlock(allergen: AllergenView, t: (key: string, options?: Record<string, unknown>) => string) {
  if (allergen.regulated) return t('allergens.cannotDeleteRegulated');
  if ((allergen.item_count ?? 0) > 0) return t('allergens.cannotDeleteUsed', { count: allergen.item_count });
  return '';
}

/** One row per allergen: image, code, name, items using it, regulated or custom; edit and delete. */
export function AllergenTable({ allergens, deleting, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('allergens.listLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('allergens.image')}</TableCell>
            <TableCell>{t('allergens.code')}</TableCell>
            <TableCell>{t('allergens.name')}</TableCell>
            <TableCell align="right">{t('allergens.items')}</TableCell>
            <TableCell>{t('allergens.kind')}</TableCell>
            <TableCell align="right">{t('menuManagement.common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {allergens.map((allergen) => {
            const blocked = deleteBlock(allergen, t);
            return (
              <TableRow key={allergen.code} hover>
                <TableCell>
                  {allergen.imageurl ? (
                    <Box
                      component="img"
                      src={allergen.imageurl}
                      alt={allergen.name}
                      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                    />
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      {t('allergens.noImage')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{allergen.code}</TableCell>
                <TableCell>{allergen.name}</TableCell>
                <TableCell align="right">{allergen.item_count}</TableCell>
                <TableCell>
                  {allergen.regulated ? (
                    <Chip size="small" color="primary" variant="outlined" label={t('allergens.regulated')} />
                  ) : (
                    <Chip size="small" label={t('allergens.custom')} />
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    aria-label={t('allergens.edit', { name: allergen.name })}
                    onClick={() => onEdit(allergen)}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <Tooltip title={blocked}>
                    {/* A disabled button gets no pointer events; the span keeps the reason reachable. */}
                    <span>
                      <IconButton
                        aria-label={t('allergens.delete', { name: allergen.name })}
                        onClick={() => onDelete(allergen)}
                        disabled={blocked !== '' || deleting}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
