import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ClonePreviewTarget } from '@cd/core';

type Props = {
  target: ClonePreviewTarget;
  chosen: boolean;
  onChosen: (chosen: boolean) => void;
};

/** One target of a preview: what the clone would add, change and leave, its conflicts, and whether to include it. */
export function ClonePreviewCard({ target, chosen, onChosen }: Props) {
  const { t } = useTranslation();
  const { items, submenus, categories } = target.counts;
  const headingId = `clone-preview-${target.restaurant}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {target.name}
        </Typography>
        <FormControlLabel
          control={
            <Checkbox
              checked={chosen && target.allowed}
              disabled={!target.allowed}
              onChange={(e) => onChosen(e.target.checked)}
            />
          }
          label={t('clone.preview.include', { name: target.name })}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, my: 1 }}>
        <Chip size="small" color="success" label={t('clone.preview.itemsAdd', { count: items.add })} />
        <Chip size="small" color="info" label={t('clone.preview.itemsChange', { count: items.change })} />
        <Chip size="small" variant="outlined" label={t('clone.preview.itemsSkip', { count: items.skip })} />
        <Chip size="small" variant="outlined" label={t('clone.preview.itemsSame', { count: items.unchanged })} />
        <Chip
          size="small"
          variant="outlined"
          label={t('clone.preview.submenus', { add: submenus.add, change: submenus.change })}
        />
        <Chip size="small" variant="outlined" label={t('clone.preview.categories', { count: categories.add })} />
      </Stack>
      {target.samples.add.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('clone.preview.willAdd', { names: target.samples.add.join(', ') })}
          {items.add > target.samples.add.length &&
            ` ${t('clone.preview.more', { count: items.add - target.samples.add.length })}`}
        </Typography>
      )}
      {target.changes.length > 0 && (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }} aria-label={t('clone.preview.changesOf', { name: target.name })}>
          {target.changes.map((c) => (
            <Typography component="li" variant="body2" key={c.name}>
              {t('clone.preview.change', { name: c.name, fields: c.fields.join(', ') })}
            </Typography>
          ))}
        </Box>
      )}
      {target.conflicts.length > 0 && (
        <Alert severity={target.allowed ? 'warning' : 'error'} sx={{ mt: 1 }}>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {target.conflicts.map((c, i) => (
              <li key={`${c.kind}-${i}`}>{c.message}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Paper>
  );
}
