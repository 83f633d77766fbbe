import { Close as CloseIcon, Delete as DeleteIcon } from '../../../components/icons';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useFormState, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatSyncTime } from '../../../lib/format';
import type { ItemFormValues } from './form-values';

type Props = {
  titleId: string;
  title: string;
  lastChanged?: { by: string | null; at: string };
  control: Control<ItemFormValues>;
  onSave: () => void;
  onDelete?: () => void;
  /** Stored items: opens the item's history (issue 36). */
  onHistory?: () => void;
  onClose: () => void;
};

/** The item editor's title bar: close, title and last change, history and delete (stored items), save. */
export function EditorToolbar({ titleId, title, lastChanged, control, onSave, onDelete, onHistory, onClose }: Props) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState({ control });
  const time = formatSyncTime(lastChanged?.at);
  return (
    <AppBar position="static" color="default" elevation={1}>
      {/* On a phone the title takes a line of its own (the item's name stays readable) and the buttons wrap under. */}
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
        <IconButton edge="start" aria-label={t('editMenu.editor.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 64px)', sm: 0 } }}>
          <Typography
            id={titleId}
            variant="h6"
            component="h1"
            sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {title}
          </Typography>
          {lastChanged && time && (
            <Typography variant="body2" color="text.secondary">
              {t('editMenu.editor.lastChanged', { user: lastChanged.by ?? '—', time })}
            </Typography>
          )}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, sm: 0 } }} />
        {onHistory && (
          <Button onClick={onHistory} aria-haspopup="dialog">
            {t('menuHistory.open')}
          </Button>
        )}
        {onDelete && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete} disabled={isSubmitting}>
            {t('editMenu.editor.delete')}
          </Button>
        )}
        <Button variant="contained" onClick={onSave} disabled={isSubmitting}>
          {t('editMenu.editor.save')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
