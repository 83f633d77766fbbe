import { useState } from 'react';
import { Close as CloseIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MenuHistoryEntity, MenuRevision } from '@cd/core';
import { formatSyncTime } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import { useMenuHistory, useRevertRevision } from './api';
import { fieldLabel, valueText } from './describe-change';

export type MenuHistoryDrawerProps = {
  entity: MenuHistoryEntity;
  /** The record: a foodid, a submenuid, a category id or `<path id>:<foodid>`. */
  id: string;
  /** The record's name, in the title. */
  name: string;
  /** Whether the user may revert (the page that edits the record); the server checks again. */
  canRevert: boolean;
  onClose: () => void;
  /** After a revert went through (e.g. the submenu editor loads the record again). */
  onReverted?: () => void;
};

/**
 * A record's history (issue 36): every revision, newest first, with who and when and each changed field as
 * "Field: old → new" in words. Revert undoes one change after an inline Yes (inline, not a dialog: the drawer also
 * opens over the full-screen submenu editor). The revert names the version the history was read at, so a change
 * made since is refused with the server's conflict message and nothing is overwritten.
 */
export function MenuHistoryDrawer({ entity, id, name, canRevert, onClose, onReverted }: MenuHistoryDrawerProps) {
  const { t, i18n } = useTranslation();
  const history = useMenuHistory(entity, id);
  const revert = useRevertRevision(entity, id);
  const [asking, setAsking] = useState<number | null>(null);
  const [done, setDone] = useState('');
  const headingId = `menu-history-${entity}-${id}`;
  const version = history.data?.version ?? null;

  const confirm = (r: MenuRevision) => {
    if (version === null) return;
    setDone('');
    revert.mutate(
      { revision: r.id, version },
      {
        onSuccess: () => {
          setAsking(null);
          setDone(t('menuHistory.reverted'));
          onReverted?.();
        },
        onError: () => setAsking(null),
      },
    );
  };

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the full-screen submenu editor (a dialog) when opened from it.
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {t('menuHistory.title', { name })}
        </Typography>
        <IconButton aria-label={t('menuHistory.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        {done && (
          <Alert severity="success" sx={{ mb: 2 }} role="status">
            {done}
          </Alert>
        )}
        {revert.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {describeError(revert.error, i18n)}
          </Alert>
        )}
        {history.isPending && <Typography color="text.secondary">{t('menuHistory.loading')}</Typography>}
        {history.isError && <Alert severity="error">{describeError(history.error, i18n)}</Alert>}
        {history.data && history.data.revisions.length === 0 && (
          <Typography color="text.secondary">{t('menuHistory.nothing')}</Typography>
        )}
        {history.data && history.data.revisions.length > 0 && (
          <List aria-label={t('menuHistory.list')} sx={{ py: 0 }}>
            {history.data.revisions.map((r) => {
              const when = formatSyncTime(r.at) ?? r.at;
              return (
                <ListItem key={r.id} divider sx={{ display: 'block', px: 0 }} aria-label={when}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(r.reverted_from ? 'menuHistory.op.revert' : `menuHistory.op.${r.op}`)}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {t('menuHistory.by', { when, who: r.actor ?? t('menuHistory.someone') })}
                    </Typography>
                  </Box>
                  {r.op === 'update' && (
                    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                      {r.changes.map((c) => (
                        <Typography component="li" variant="body2" key={c.field}>
                          {t('menuHistory.change', {
                            field: fieldLabel(c.field, i18n),
                            before: valueText(c.before, i18n),
                            after: valueText(c.after, i18n),
                          })}
                        </Typography>
                      ))}
                    </Box>
                  )}
                  {canRevert && r.revertible && version !== null && asking !== r.id && (
                    <Button
                      size="small"
                      sx={{ mt: 0.5 }}
                      aria-label={t('menuHistory.revertLabel', { when })}
                      disabled={revert.isPending}
                      onClick={() => {
                        setAsking(r.id);
                        revert.reset();
                      }}
                    >
                      {t('menuHistory.revert')}
                    </Button>
                  )}
                  {asking === r.id && (
                    <Alert
                      severity="warning"
                      sx={{ mt: 1 }}
                      action={
                        <>
                          <Button color="inherit" size="small" disabled={revert.isPending} onClick={() => confirm(r)}>
                            {t('menuHistory.yes')}
                          </Button>
                          <Button color="inherit" size="small" onClick={() => setAsking(null)}>
                            {t('menuHistory.no')}
                          </Button>
                        </>
                      }
                    >
                      {t('menuHistory.confirm')}
                    </Alert>
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
