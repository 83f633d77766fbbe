import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HtmlPage, HtmlRevision } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { formatSyncTime } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import { useRevisions } from '../api';

type Props = {
  page: HtmlPage;
  /** Whether the editor holds unsaved edits (a restore replaces them). */
  dirty: boolean;
  busy: boolean;
  onRestore: (revision: number) => void;
};

/**
 * Every revision of a page, newest first (GET /html-pages/:id/revisions): its kind, who made it and when; an older
 * one can be restored (after Yes), which makes the draft that revision again as a new revision.
 */
export function HistoryPanel({ page, dirty, busy, onRestore }: Props) {
  const { t, i18n } = useTranslation();
  const revisions = useRevisions(page, true);
  const [asking, setAsking] = useState<HtmlRevision | null>(null);
  const headingId = `html-page-history-${page.id}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        width: { xs: '100%', md: 340 },
        flexShrink: 0,
        borderLeft: { md: 1 },
        borderColor: { md: 'divider' },
        pl: { md: 2 },
      }}
    >
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t('htmlmanager.history.title')}
      </Typography>
      {revisions.isLoading && <Typography color="text.secondary">{t('htmlmanager.loading')}</Typography>}
      {revisions.isError && <Alert severity="error">{describeError(revisions.error, i18n)}</Alert>}
      {revisions.data && revisions.data.length === 0 && (
        <Typography color="text.secondary">{t('htmlmanager.history.none')}</Typography>
      )}
      {revisions.data && revisions.data.length > 0 && (
        <List dense aria-label={t('htmlmanager.history.list')} sx={{ py: 0 }}>
          {revisions.data.map((r) => (
            <ListItem
              key={r.revision}
              aria-label={t('htmlmanager.history.revision', { revision: r.revision })}
              divider
              sx={{ display: 'block', px: 0 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2">
                  {t('htmlmanager.history.revision', { revision: r.revision })}
                </Typography>
                <Chip size="small" variant="outlined" label={t(`htmlmanager.history.kind.${r.kind}`)} />
                {r.revision === page.revision && (
                  <Chip size="small" color="primary" label={t('htmlmanager.history.current')} />
                )}
                {page.status === 'published' && r.revision === page.published_revision && (
                  <Chip size="small" color="success" label={t('htmlmanager.history.live')} />
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('htmlmanager.history.by', {
                  who: r.created_by ?? t('resource.system'),
                  when: formatSyncTime(r.created_at) ?? r.created_at,
                })}
              </Typography>
              {r.note && <Typography variant="body2">{r.note}</Typography>}
              {r.revision < page.revision && (
                <Button
                  size="small"
                  disabled={busy}
                  aria-label={t('htmlmanager.history.restoreRevision', { revision: r.revision })}
                  onClick={() => setAsking(r)}
                  sx={{ mt: 0.5, ml: -0.5 }}
                >
                  {t('htmlmanager.history.restore')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmPopup
        open={asking !== null}
        type="warning"
        title={t('htmlmanager.history.confirmTitle', { revision: asking?.revision ?? 0 })}
        primaryText={t('htmlmanager.history.confirmText')}
        secondaryText={dirty ? t('htmlmanager.history.confirmUnsaved') : undefined}
        positiveLabel={t('htmlmanager.history.restore')}
        negativeLabel={t('htmlmanager.cancel')}
        onPositive={() => {
          if (asking) onRestore(asking.revision);
          setAsking(null);
        }}
        onNegative={() => setAsking(null)}
      />
    </Box>
  );
}
