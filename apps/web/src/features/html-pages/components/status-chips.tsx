import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { HtmlPage } from '@cd/core';

/** Draft or Published, and "Changed since published" when the draft differs from what is live. */
export function StatusChips({ page }: { page: Pick<HtmlPage, 'status' | 'changed'> }) {
  const { t } = useTranslation();
  const published = page.status === 'published';
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        color={published ? 'success' : 'default'}
        variant={published ? 'filled' : 'outlined'}
        label={t(`htmlmanager.status.${page.status}`)}
      />
      {published && page.changed && (
        <Chip size="small" color="warning" variant="outlined" label={t('htmlmanager.changedSincePublished')} />
      )}
    </Stack>
  );
}
