import { useId, useState, type ReactNode } from 'react';
import { Close as CloseIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isLinkedSubmenu, type FoodItemSummary } from '@cd/core';
import { AlertPopup } from '../../../components/alert-popup';
import { ConfirmPopup } from '../../../components/confirm-popup';
import type { PopupType } from '../../../components/popup-icon';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import type { EditorMode } from '../types';
import { useEditorState, type EditorValues } from '../use-editor-state';
import { useOptionSession } from '../use-option-session';
import { useSaveErrors } from '../use-save-errors';
import { ConnectionsSection } from './connections-section';
import { DetailsSection } from './details-section';
import { OptionsSection } from './options-section';

export type EditorDialogProps = {
  mode: EditorMode;
  initial: EditorValues;
  /** Shown under the title when editing a stored submenu. */
  subtitle?: string;
  menuItems: FoodItemSummary[];
  path?: number;
  pathName: (path?: number) => string;
  /** The option images' library value: the restaurant in menu mode (submenu_image otherwise). */
  imageValue?: string;
  /** Sends the values; rejects with the ApiError of a refused save. */
  save: (values: EditorValues) => Promise<void>;
  /** After a version conflict: loads the stored copy again (the editor starts over from it). */
  reload: () => void;
  onClose: (saved: boolean) => void;
  /** More toolbar buttons, before Save submenu (the menu mode's History). */
  toolbarExtra?: ReactNode;
};

type Popup = { type: PopupType; text: string };

/** The full-screen submenu editor (spec 001 §2.4, §4.3, §5.3). */
export function EditorDialog({
  mode,
  initial,
  subtitle,
  menuItems,
  path,
  pathName,
  imageValue,
  save,
  reload,
  onClose,
  toolbarExtra,
}: EditorDialogProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const state = useEditorState(initial);
  const { form, options, connections } = state.values;
  const session = useOptionSession({ options, setOptions: state.setOptions, setForm: state.setForm });
  const [popup, setPopup] = useState<Popup | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [conflict, setConflict] = useState('');
  const [saving, setSaving] = useState(false);

  const warn = (rule: { key: string; message: string }) =>
    setPopup({ type: 'warning', text: t(rule.key, { defaultValue: rule.message }) });
  const finish = (saved: boolean) => {
    state.markClean();
    onClose(saved);
  };
  const requestClose = () => (state.dirty ? setConfirmClose(true) : finish(false));

  const saveErrors = useSaveErrors({ mode, values: state.values, menuItems, pendingOption: session.pending !== null });

  const submit = async () => {
    // Refused here shows every problem at its field at once; the API refuses the same rules (core).
    if (!saveErrors.attempt()) return;
    setSaving(true);
    setConflict('');
    try {
      await save(state.values);
      snackbar.show(t('submenu.editor.saved'), 'success');
      finish(true);
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 409 || failure.code === 'versionConflict')) {
        setConflict(t('submenu.editor.conflict.text'));
      } else if (failure instanceof ApiError && failure.code && i18n.exists(failure.code)) {
        setPopup({ type: 'failure', text: t(failure.code) });
      } else setPopup({ type: 'failure', text: describeError(failure, i18n) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      fullScreen
      onClose={requestClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { display: 'flex', flexDirection: 'column' } } }}
    >
      <Toolbar sx={{ gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton edge="start" aria-label={t('submenu.editor.close')} onClick={requestClose}>
          <CloseIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('submenu.editor.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {subtitle ?? t(mode === 'menu' ? 'submenu.editor.newMenu' : 'submenu.editor.newPricebook')}
          </Typography>
        </Box>
        {toolbarExtra}
        <Button variant="contained" onClick={() => void submit()} disabled={saving}>
          {t('submenu.editor.save')}
        </Button>
      </Toolbar>
      <Box sx={{ flex: 1, overflowY: 'auto', p: { xs: 2, md: 3 } }}>
        <Stack spacing={3} sx={{ maxWidth: 1400, mx: 'auto' }}>
          {conflict && (
            <Alert
              severity="warning"
              role="alert"
              action={
                <Button color="inherit" size="small" onClick={reload}>
                  {t('submenu.editor.conflict.reload')}
                </Button>
              }
            >
              <AlertTitle>{t('submenu.editor.conflict.title')}</AlertTitle>
              {conflict}
            </Alert>
          )}
          {saveErrors.count > 0 && (
            <Alert severity="error" role="alert">
              {t('submenu.editor.errors.summary', { count: saveErrors.count })}
            </Alert>
          )}
          <DetailsSection mode={mode} form={form} setForm={state.setForm} errors={saveErrors.errors} />
          <Divider />
          <OptionsSection
            mode={mode}
            form={form}
            options={options}
            setOptions={state.setOptions}
            setForm={state.setForm}
            session={session}
            menuItems={menuItems}
            path={path}
            pathName={pathName}
            warn={warn}
            imageValue={imageValue}
            errors={saveErrors.errors.options}
          />
          {mode === 'menu' && (
            <>
              <Divider />
              <ConnectionsSection
                items={menuItems}
                value={connections}
                onChange={state.setConnections}
                allLinked={isLinkedSubmenu(options)}
                errors={saveErrors.errors.connections}
              />
            </>
          )}
        </Stack>
      </Box>
      <AlertPopup
        alertType={popup?.type ?? 'warning'}
        alertPrimaryText={popup?.text ?? ''}
        onClose={() => setPopup(null)}
      />
      <ConfirmPopup
        open={confirmClose}
        type="warning"
        title={t('submenu.editor.closeConfirm.title')}
        primaryText={t('submenu.editor.closeConfirm.text')}
        positiveLabel={t('submenu.editor.yes')}
        negativeLabel={t('submenu.editor.no')}
        onPositive={() => {
          setConfirmClose(false);
          finish(false);
        }}
        onNegative={() => setConfirmClose(false)}
      />
    </Dialog>
  );
}
