import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SavedView } from '@cd/core';
import { isCurrentView, useSavedViewChanges, useSavedViews, viewPatch, viewQueryOf } from '../../lib/saved-views';
import { describeError } from '../../lib/server-message';
import { ConfirmPopup } from '../confirm-popup';
import { Delete as DeleteIcon, Edit as EditIcon } from '../icons';
import { useSnackbar } from '../snackbar';
import { SaveViewDialog } from './save-view-dialog';

type Props = {
  /** The list the views belong to (the page's path). */
  listKey: string;
  state: Record<string, unknown>;
  update: (patch: Record<string, unknown>) => void;
  /** The ids of the list's columns, and those shown now (null: all). */
  columnIds: string[];
  shown: string[] | null;
};

/**
 * The list header's Views menu (issue 36 point 5): the user's saved views of this list and those shared with their
 * permission profile; picking one writes its filters, sort and columns into the address. "Save current view…" keeps
 * what the address shows now under a name; the owner renames, re-shares or deletes their own.
 */
export function SavedViewsMenu({ listKey, state, update, columnIds, shown }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'save' } | { kind: 'edit' | 'delete'; view: SavedView } | null>(null);
  const views = useSavedViews(listKey, Boolean(anchor) || dialog !== null);
  const changes = useSavedViewChanges(listKey);
  const all = views.data?.views ?? [];
  const mine = all.filter((v) => v.mine);
  const shared = all.filter((v) => !v.mine);

  const pick = (view: SavedView) => {
    setAnchor(null);
    update(viewPatch(state, view));
  };
  const item = (view: SavedView) => (
    <ListItem
      key={view.id}
      disablePadding
      secondaryAction={
        view.mine && (
          <Box sx={{ display: 'flex' }}>
            <IconButton
              size="small"
              aria-label={t('resource.views.edit', { name: view.name })}
              onClick={() => (setAnchor(null), setDialog({ kind: 'edit', view }))}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              edge="end"
              aria-label={t('resource.views.delete', { name: view.name })}
              onClick={() => (setAnchor(null), setDialog({ kind: 'delete', view }))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        )
      }
      sx={view.mine ? { pr: 10 } : undefined}
    >
      <ListItemButton selected={isCurrentView(state, view, columnIds)} onClick={() => pick(view)} sx={{ pr: 1 }}>
        <ListItemText
          primary={view.name}
          secondary={
            view.mine
              ? view.shared_with_profile_name &&
                t('resource.views.sharedWith', { profile: view.shared_with_profile_name })
              : t('resource.views.by', { name: view.owner_name })
          }
        />
      </ListItemButton>
    </ListItem>
  );
  const heading = (text: string) => (
    <Typography variant="overline" component="h3" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block' }}>
      {text}
    </Typography>
  );

  const remove = (view: SavedView) => {
    setDialog(null);
    changes.remove.mutate(
      { id: view.id, version: view.version },
      {
        onSuccess: () => snackbar.show(t('resource.views.deleted', { name: view.name }), 'success'),
        onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
      },
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('resource.views.button')}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': t('resource.views.title'), sx: { width: 320, maxWidth: '90vw' } },
        }}
      >
        {views.isPending && <Typography sx={{ p: 2 }}>{t('resource.loading')}</Typography>}
        {views.isError && <Typography sx={{ p: 2 }}>{describeError(views.error, i18n)}</Typography>}
        {views.isSuccess && (
          <>
            {heading(t('resource.views.mine'))}
            {mine.length > 0 ? (
              <List dense aria-label={t('resource.views.mine')}>
                {mine.map(item)}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                {t('resource.views.none')}
              </Typography>
            )}
            {shared.length > 0 && (
              <>
                {heading(t('resource.views.shared'))}
                <List dense aria-label={t('resource.views.shared')}>
                  {shared.map(item)}
                </List>
              </>
            )}
          </>
        )}
        <Divider />
        <Box sx={{ p: 1 }}>
          <Button fullWidth onClick={() => (setAnchor(null), setDialog({ kind: 'save' }))}>
            {t('resource.views.save')}
          </Button>
        </Box>
      </Popover>
      {dialog && dialog.kind !== 'delete' && (
        <SaveViewDialog
          view={dialog.kind === 'edit' ? dialog.view : undefined}
          profiles={views.data?.share_profiles ?? []}
          onClose={() => setDialog(null)}
          save={async (values) => {
            if (dialog.kind === 'edit') {
              const saved = await changes.update.mutateAsync({
                id: dialog.view.id,
                version: dialog.view.version,
                ...values,
              });
              snackbar.show(t('resource.views.updated', { name: saved.name }), 'success');
            } else {
              const saved = await changes.create.mutateAsync({ ...values, query: viewQueryOf(state), columns: shown });
              snackbar.show(t('resource.views.saved', { name: saved.name }), 'success');
            }
            setDialog(null);
          }}
        />
      )}
      <ConfirmPopup
        open={dialog?.kind === 'delete'}
        type="warning"
        title={dialog?.kind === 'delete' ? t('resource.views.deleteTitle', { name: dialog.view.name }) : ''}
        primaryText={t('resource.views.deleteText')}
        positiveLabel={t('resource.deleteConfirm')}
        negativeLabel={t('resource.cancel')}
        onPositive={() => dialog?.kind === 'delete' && remove(dialog.view)}
        onNegative={() => setDialog(null)}
      />
    </>
  );
}
