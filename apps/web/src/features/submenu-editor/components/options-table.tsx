import { DeleteOutline as DeleteIcon, EditOutlined as EditIcon } from '../../../components/icons';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MENU_LIMITS, type SubmenuOption } from '@cd/core';
import { subNames } from '../option-draft';
import { useEditorMoney } from '../editor-money';
import type { EditorMode } from '../types';

/** Row height: the table shows MENU_LIMITS.optionRows rows under its header, then scrolls (spec 001 §2.4). */
const ROW_PX = 48;

/**
 * The actions column stays at the right edge while the other columns scroll sideways under it (issue 35: on a phone
 * Edit and Delete were off the screen).
 */
const STUCK = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: 'inset 1px 0 0 rgba(0,0,0,0.12)',
} as const;

type Column = { key: string; cell: (o: SubmenuOption) => string };

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
function columns(
  mode: EditorMode,
  t: TFunction,
  pathName: (path?: number) => string,
  format: (amount: number) => string,
): Column[] {
  const money = (o: SubmenuOption) => (o.type === 'group' ? '' : format(o.price ?? 0));
  const type = (o: SubmenuOption) => t(`submenu.editor.types.${o.type}`);
  if (mode === 'menu') {
    return [
      { key: 'option', cell: (o) => o.name },
      { key: 'shortName', cell: (o) => o.shortName },
      { key: 'type', cell: type },
      { key: 'freeQuantity', cell: (o) => num(o.rules.free_quantity) },
      { key: 'price', cell: money },
    ];
  }
  return [
    { key: 'name', cell: (o) => o.name },
    { key: 'price', cell: money },
    { key: 'type', cell: type },
    { key: 'path', cell: (o) => pathName(o.path) },
    { key: 'freeQuantity', cell: (o) => num(o.rules.free_quantity) },
    { key: 'maxQuantity', cell: (o) => num(o.rules.max_quantity) },
    { key: 'minQuantity', cell: (o) => num(o.rules.min_quantity) },
    { key: 'maximum', cell: (o) => (o.type === 'group' ? num(o.rules.max) : '') },
    { key: 'minimum', cell: (o) => (o.type === 'group' ? num(o.rules.min) : '') },
    { key: 'display', cell: (o) => t(`submenu.editor.display.${o.rules.display}`) },
    { key: 'items', cell: (o) => (o.type === 'group' ? subNames(o).join(', ') : '') },
  ];
}

type Props = {
  mode: EditorMode;
  options: SubmenuOption[];
  /** The default option's name when the submenu is mandatory and single-choice; undefined hides the radios. */
  defaultName: string | undefined;
  pathName: (path?: number) => string;
  onHidden: (index: number, hidden: boolean) => void;
  onHideAll: (hidden: boolean) => void;
  onDefault: (name: string) => void;
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
};

/** The option list of spec 001 §2.4: per row a hide checkbox, edit and delete; a hide-all checkbox in the header. */
export const OptionsTable = memo(function OptionsTable({
  mode,
  options,
  defaultName,
  pathName,
  onHidden,
  onHideAll,
  onDefault,
  ...rest
}: Props) {
  const { t } = useTranslation();
  const { format } = useEditorMoney();
  const cols = columns(mode, t, pathName, format);
  const hiddenCount = options.filter((o) => o.isHidden).length;
  const allHidden = options.length > 0 && hiddenCount === options.length;
  const showDefault = defaultName !== undefined;
  const isDefault = (o: SubmenuOption) => o.name.toLowerCase() === (defaultName ?? '').toLowerCase();
  return (
    <TableContainer sx={{ maxHeight: ROW_PX * (MENU_LIMITS.optionRows + 1), border: 1, borderColor: 'divider' }}>
      <Table stickyHeader size="small" aria-label={t('submenu.editor.options')} sx={{ '& tr': { height: ROW_PX } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allHidden}
                indeterminate={hiddenCount > 0 && !allHidden}
                disabled={options.length === 0}
                onChange={(e) => onHideAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': t('submenu.editor.hideAll') } }}
              />
            </TableCell>
            {showDefault && <TableCell padding="checkbox">{t('submenu.editor.columns.default')}</TableCell>}
            {cols.map((c) => (
              <TableCell key={c.key}>{t(`submenu.editor.columns.${c.key}`)}</TableCell>
            ))}
            <TableCell align="right" sx={{ ...STUCK, zIndex: 3 }}>
              {t('submenu.editor.columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {options.length === 0 && (
            <TableRow>
              <TableCell colSpan={cols.length + (showDefault ? 3 : 2)}>{t('submenu.editor.noOptions')}</TableCell>
            </TableRow>
          )}
          {options.map((o, index) => (
            <TableRow key={o.name} hover>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={o.isHidden}
                  onChange={(e) => onHidden(index, e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('submenu.editor.hideOption', { name: o.name }) } }}
                />
              </TableCell>
              {showDefault && (
                <TableCell padding="checkbox">
                  <Radio
                    checked={isDefault(o)}
                    onChange={() => onDefault(o.name)}
                    name="submenu-default"
                    slotProps={{ input: { 'aria-label': t('submenu.editor.defaultOption', { name: o.name }) } }}
                  />
                </TableCell>
              )}
              {cols.map((c) => (
                <TableCell key={c.key}>{c.cell(o)}</TableCell>
              ))}
              <TableCell align="right" sx={{ ...STUCK, whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  aria-label={t('submenu.editor.editOption', { name: o.name })}
                  onClick={() => rest.onEdit(index)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('submenu.editor.deleteOption', { name: o.name })}
                  onClick={() => rest.onDelete(index)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
