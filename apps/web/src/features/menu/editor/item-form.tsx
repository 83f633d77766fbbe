import { useId, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MENU_ITEM_FIELDS, type DaysAvailable, type FoodItem, type MenuFieldDef } from '@cd/core';
import { AlertPopup } from '../../../components/alert-popup';
import { ConfirmPopup } from '../../../components/confirm-popup';
import type { PopupType } from '../../../components/popup-icon';
import { UNIT_MANAGER } from '../permissions';
import { FormDirtyGuard, clearUnsavedChanges } from '../../../components/form-dirty-guard';
import { ItemEditorProvider, type ItemEditorContextValue } from './editor-context';
import { MenuHistoryDrawer } from '../history/history-drawer';
import { EditorToolbar } from './editor-toolbar';
import { itemToFormValues, newItemValues, type ItemFormValues } from './form-values';
import { ItemSections } from './item-sections';
import { useItemDelete } from './use-item-delete';
import { useItemSave, type ItemMeta } from './use-item-save';

export type ItemFormProps = {
  /** The stored item when editing. */
  initial?: FoodItem;
  /** Everything the widgets read but the item and the alert. */
  context: Omit<ItemEditorContextValue, 'alert' | 'foodid' | 'unitManager'>;
  /** Fetches the stored item afresh (after a version conflict). */
  reload: () => Promise<FoodItem | undefined>;
  onClose: (changed?: boolean) => void;
  /** The fields to show; default core's MENU_ITEM_FIELDS (a client's configuration may name others). */
  fields?: readonly MenuFieldDef[];
  /**
   * Show the first section at once and the others right after it is on screen (item-sections.tsx): what the page
   * does, so the editor opens fast. Off, every section renders at once.
   */
  deferLaterSections?: boolean;
  /** A new item's days available (the client's defaultAllDaysAvailablity flag); every day without it. */
  newItemDays?: DaysAvailable;
};

type Alerting = { type: PopupType; text: string; secondary?: string };
const metaOf = (item?: FoodItem): ItemMeta => (item ? { foodid: item.foodid, version: item.version } : null);

/** The full-screen item editor (spec 001 §2.3): the item's fields by section, save, delete, close. */
export function ItemForm({
  initial,
  context,
  reload,
  onClose,
  fields = MENU_ITEM_FIELDS,
  deferLaterSections = false,
  newItemDays,
}: ItemFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [meta, setMeta] = useState<ItemMeta>(() => metaOf(initial));
  const [lastChanged, setLastChanged] = useState(initial && { by: initial.updated_by, at: initial.updated_at });
  const [alerting, setAlerting] = useState<Alerting | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const form = useForm<ItemFormValues>({
    defaultValues: initial ? itemToFormValues(initial) : newItemValues(newItemDays),
    shouldFocusError: false,
  });
  const dirty = useRef(false);

  const finish = (changed?: boolean) => {
    dirty.current = false;
    clearUnsavedChanges();
    onClose(changed);
  };
  const save = useItemSave({
    form,
    restaurant: context.restaurant,
    meta,
    submenus: context.submenus,
    onSaved: () => finish(true),
  });
  const remove = useItemDelete({
    meta,
    restaurant: context.restaurant,
    name: initial?.foodname ?? '',
    onDeleted: () => finish(true),
  });

  const value = useMemo<ItemEditorContextValue>(
    () => ({
      ...context,
      foodid: meta?.foodid,
      unitManager: context.holds(UNIT_MANAGER),
      alert: (type, text, secondary) => setAlerting({ type, text, secondary }),
    }),
    [context, meta?.foodid],
  );

  const handleReload = async () => {
    const fresh = await reload();
    if (!fresh) return;
    form.reset(itemToFormValues(fresh));
    setMeta(metaOf(fresh));
    setLastChanged({ by: fresh.updated_by, at: fresh.updated_at });
    save.clearConflict();
  };
  const requestClose = () => (dirty.current ? setConfirmClose(true) : finish());

  const title = initial ? t('editMenu.editor.editTitle', { name: initial.foodname }) : t('editMenu.editor.newTitle');
  return (
    <Dialog
      open
      fullScreen
      onClose={requestClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { display: 'flex', flexDirection: 'column' } } }}
    >
      <EditorToolbar
        titleId={titleId}
        title={title}
        lastChanged={lastChanged}
        control={form.control}
        onSave={() => void save.submit()}
        onDelete={meta ? remove.ask : undefined}
        onHistory={meta ? () => setHistoryOpen(true) : undefined}
        onClose={requestClose}
      />
      {historyOpen && meta && (
        // The editor is on /menu (page editMenu), which reverts items; a revert loads the item again.
        <MenuHistoryDrawer
          entity="item"
          id={meta.foodid}
          name={initial?.foodname ?? meta.foodid}
          canRevert
          onClose={() => setHistoryOpen(false)}
          onReverted={() => void handleReload()}
        />
      )}
      <Box sx={{ flex: 1, overflowY: 'auto', p: { xs: 2, md: 3 } }}>
        {save.conflict && (
          <Alert
            severity="warning"
            role="alert"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void handleReload()}>
                {t('editMenu.conflict.reload')}
              </Button>
            }
          >
            <AlertTitle>{t('editMenu.conflict.title')}</AlertTitle>
            {t('editMenu.conflict.text')}
          </Alert>
        )}
        {save.problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {save.problems.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Alert>
        )}
        <FormProvider {...form}>
          <ItemEditorProvider value={value}>
            <ItemSections fields={fields} holds={context.holds} deferLater={deferLaterSections} />
          </ItemEditorProvider>
        </FormProvider>
      </Box>
      <FormDirtyGuard control={form.control} dirty={dirty} />
      <ConfirmPopup
        open={confirmClose}
        type="warning"
        title={t('editMenu.editor.closeTitle')}
        primaryText={t('editMenu.editor.closeText')}
        positiveLabel={t('common.yes')}
        negativeLabel={t('common.no')}
        onPositive={() => {
          setConfirmClose(false);
          finish();
        }}
        onNegative={() => setConfirmClose(false)}
      />
      {remove.popup}
      <AlertPopup
        alertType={alerting?.type ?? 'warning'}
        alertPrimaryText={alerting?.text ?? ''}
        alertSecondaryText={alerting?.secondary}
        onClose={() => setAlerting(null)}
      />
    </Dialog>
  );
}
