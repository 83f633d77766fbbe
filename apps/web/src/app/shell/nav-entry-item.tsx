import { useId, useState } from 'react';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ExpandLess, ExpandMore, OpenInNew as OpenInNewIcon } from '../../components/icons';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisibleEntry } from './nav-model';

type Props = { entry: VisibleEntry; pathname: string; depth: number; onNavigate: () => void };

const indent = (depth: number) => 2 + depth * 2;

/** One entry of the side navigation: a page link, a link to another site, or the counter entry's sub-list. */
export function NavEntryItem({ entry, pathname, depth, onNavigate }: Props) {
  const { t } = useTranslation();
  const label = t(entry.labelKey);

  if (entry.children) return <NavSubList entry={entry} pathname={pathname} depth={depth} onNavigate={onNavigate} />;

  if (entry.externalUrl) {
    return (
      <ListItem disablePadding>
        <ListItemButton
          component="a"
          href={entry.externalUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onNavigate}
          dense
          sx={{ pl: indent(depth) }}
        >
          <ListItemText primary={label} />
          <OpenInNewIcon fontSize="small" titleAccess={t('shell.opensInNewTab')} sx={{ color: 'text.secondary' }} />
        </ListItemButton>
      </ListItem>
    );
  }

  const selected = pathname === entry.path;
  const note = entry.planned
    ? t('shell.planned')
    : entry.samePageAs
      ? t('shell.samePageAs', { other: t(entry.samePageAs) })
      : undefined;
  return (
    <NavPageLink
      label={label}
      note={note}
      path={entry.path}
      selected={selected}
      depth={depth}
      onNavigate={onNavigate}
    />
  );
}

type LinkProps = {
  label: string;
  /** A caption under the label ("Coming soon"): the link's description, not part of its name. */
  note: string | undefined;
  path: string;
  selected: boolean;
  depth: number;
  onNavigate: () => void;
};

function NavPageLink({ label, note, path, selected, depth, onNavigate }: LinkProps) {
  const noteId = useId();
  // The note sits under the link, not in it: the link's name stays its visible text (WCAG 2.5.3), and the note is
  // its description.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component={RouterLink}
        to={path}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        aria-describedby={note ? noteId : undefined}
        onClick={onNavigate}
        dense
        sx={{ pl: indent(depth), ...(note ? { pb: 0 } : {}) }}
      >
        <ListItemText primary={label} sx={note ? { mb: 0 } : undefined} />
      </ListItemButton>
      {note && (
        <Typography
          id={noteId}
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ pl: indent(depth), pb: 0.5, mt: -0.25 }}
        >
          {note}
        </Typography>
      )}
    </ListItem>
  );
}

/** The counter entry: expands into its own pages; open from the start when one of them is the current page. */
function NavSubList({ entry, pathname, depth, onNavigate }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const children = entry.children ?? [];
  const [open, setOpen] = useState(() => children.some((c) => c.path === pathname));
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        dense
        sx={{ pl: indent(depth) }}
      >
        <ListItemText primary={t(entry.labelKey)} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List id={listId} disablePadding>
          {children.map((child) => (
            <NavEntryItem
              key={child.path}
              entry={child}
              pathname={pathname}
              depth={depth + 1}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}
