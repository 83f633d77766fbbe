import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { ExpandLess, ExpandMore } from '../../components/icons';
import { groupForPath } from '@cd/core';
import { useTranslation } from 'react-i18next';
import { NavEntryItem } from './nav-entry-item';
import type { VisibleEntry, VisibleGroup } from './nav-model';

type Props = { groups: VisibleGroup[]; pathname: string; onNavigate: () => void };

const holds = (entries: VisibleEntry[], pathname: string): boolean =>
  entries.some((e) => e.path === pathname || (e.children ? holds(e.children, pathname) : false));

/** The group of the current page, else Site handlers (spec 000 §2.2), else the first group the user sees. */
function initiallyOpen(groups: VisibleGroup[], pathname: string): Set<string> {
  const derived = groupForPath(pathname);
  const first = groups.some((g) => g.id === derived) ? derived : groups[0]?.id;
  return new Set(first ? [first] : []);
}

/** The side navigation's groups, each collapsible, the current page highlighted. */
export function NavList({ groups, pathname, onNavigate }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => initiallyOpen(groups, pathname));
  const [shownPath, setShownPath] = useState(pathname);

  // Arriving on a page of a closed group (back button, a link in a page) opens that group.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    const group = groups.find((g) => holds(g.entries, pathname));
    if (group && !open.has(group.id)) setOpen(new Set(open).add(group.id));
  }

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Box component="nav" aria-label={t('shell.navigation')}>
      <List disablePadding>
        {groups.map((group) => (
          <NavGroupItem
            key={group.id}
            group={group}
            open={open.has(group.id)}
            onToggle={() => toggle(group.id)}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ))}
      </List>
    </Box>
  );
}

type GroupProps = {
  group: VisibleGroup;
  open: boolean;
  onToggle: () => void;
  pathname: string;
  onNavigate: () => void;
};

// The accordion pattern: a heading holding the button that shows or hides the group's list.
function NavGroupItem({ group, open, onToggle, pathname, onNavigate }: GroupProps) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Box component="h2" sx={{ m: 0, typography: 'body1' }}>
        <ListItemButton
          component="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          sx={{ width: '100%', textAlign: 'left', font: 'inherit' }}
        >
          <ListItemText primary={t(`shell.navGroups.${group.id}`)} slotProps={{ primary: { fontWeight: 700 } }} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
      </Box>
      <Collapse in={open} unmountOnExit>
        <List id={listId} disablePadding>
          {group.entries.map((entry) => (
            <NavEntryItem key={entry.path} entry={entry} pathname={pathname} depth={1} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}
