import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

type Props = {
  title: string;
  addLabel: string;
  /** The add button shows only to those allowed to add (admin or the page's add_ permission). */
  canAdd: boolean;
  onAdd: () => void;
  /** The search box and filters, under the title. */
  children?: ReactNode;
};

/** A site list's title, its add button, and the row of search and filters. */
export function SiteListHeader({ title, addLabel, canAdd, onAdd, children }: Props) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>{children}</Box>
    </>
  );
}
