import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Check as CheckIcon } from '../icons';

type Props = {
  columns: { id: string; header: string }[];
  /** The ids shown; null: all of them. */
  shown: string[] | null;
  /** The ids to show (null: all of them again). */
  onChange: (shown: string[] | null) => void;
};

/**
 * The frame's column choice (issue 36): a menu of the list's columns, each ticked while the table shows it. The
 * choice lives in the address (`?columns=`), so it is linkable and a saved view keeps it; the last column shown
 * cannot be hidden.
 */
export function ColumnsMenu({ columns, shown, onChange }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visible = new Set(shown ?? columns.map((c) => c.id));
  const toggle = (id: string) => {
    const next = columns.map((c) => c.id).filter((c) => (c === id ? !visible.has(c) : visible.has(c)));
    onChange(next.length === columns.length ? null : next);
  };
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {shown
          ? t('resource.columns.someShown', { count: shown.length, total: columns.length })
          : t('resource.columns.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {columns.map((column) => {
          const on = visible.has(column.id);
          const last = on && visible.size === 1;
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={last}
              onClick={() => toggle(column.id)}
            >
              <ListItemIcon>{on && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{column.header}</ListItemText>
            </MenuItem>
          );
        })}
        {shown && (
          <MenuItem onClick={() => (onChange(null), setAnchor(null))}>
            <ListItemText inset>{t('resource.columns.showAll')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
