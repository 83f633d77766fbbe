import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  canAddManually,
  setAllHidden,
  type FoodItemSummary,
  type PricebookFoodItem,
  type SubmenuForm,
  type SubmenuOption,
} from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { newDraft } from '../option-draft';
import type { EditorMode } from '../types';
import type { OptionSession } from '../use-option-session';
import { MenuItemPicker } from './menu-item-picker';
import { OptionDialog } from './option-dialog';
import { OptionsTable } from './options-table';
import { PricebookItemSearch } from './pricebook-item-search';
import { SequenceDialog } from './sequence-dialog';

type Rule = { key: string; message: string };

type Props = {
  mode: EditorMode;
  form: SubmenuForm;
  options: SubmenuOption[];
  setOptions: (update: (list: SubmenuOption[]) => SubmenuOption[]) => void;
  setForm: (update: (form: SubmenuForm) => SubmenuForm) => void;
  session: OptionSession;
  /** Menu mode: the restaurant's items. */
  menuItems: FoodItemSummary[];
  /** Price-book mode: the path the submenu belongs to. */
  path: number | undefined;
  pathName: (path?: number) => string;
  warn: (rule: Rule) => void;
  /** The option images' library value (the restaurant in menu mode). */
  imageValue?: string;
  /** Refusals of the last save try about the list, its options or the default. */
  errors?: string[];
};

function pricebookImage(extras: string): string {
  try {
    const parsed = JSON.parse(extras) as { imageurl?: unknown };
    return typeof parsed.imageurl === 'string' ? parsed.imageurl : '';
  } catch {
    return '';
  }
}

/** The options part of the editor: add (by hand or from items), the table, the sequence and option dialogs. */
export function OptionsSection({
  mode,
  form,
  options,
  setOptions,
  setForm,
  session,
  menuItems,
  path,
  pathName,
  warn,
  imageValue,
  errors = [],
}: Props) {
  const { t } = useTranslation();
  const [sequence, setSequence] = useState<string[] | null>(null);
  const [createName, setCreateName] = useState('');
  const linkedIds = useMemo(() => new Set(options.flatMap((o) => (o.foodid ? [o.foodid] : []))), [options]);
  const hasManual = options.some((o) => !o.foodid);
  const pickable = menuItems.filter((item) => item.extras.enable_as_submenu && !linkedIds.has(item.foodid));

  const addManually = () => {
    if (!canAddManually(options, mode)) {
      warn({ key: 'submenu.editor.alerts.manualBlocked', message: 'Add options from the menu items list.' });
      return;
    }
    session.openAdd();
  };
  const pickMenuItem = (item: FoodItemSummary) =>
    session.openAdd(
      newDraft({
        name: item.foodname,
        shortName: item.short_name,
        price: item.price,
        foodid: item.foodid,
        imageurl: item.imageurl,
      }),
    );
  const pickPricebookItem = (item: PricebookFoodItem) =>
    session.openAdd(
      newDraft({
        name: item.foodname,
        price: item.price,
        foodid: item.foodid,
        path: item.path,
        imageurl: pricebookImage(item.extras),
      }),
    );

  const reorderTo = (order: string[]) => {
    if (order.some((name, i) => options[i]?.name !== name)) {
      setOptions((list) => order.flatMap((name) => list.filter((o) => o.name === name)));
    }
    setSequence(null);
  };
  const showDefault = form.ismand && !form.multiple;

  // Stable handlers, so typing elsewhere in the editor does not redraw every row of the table.
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  });
  const onEdit = useCallback((index: number) => latest.current.openEdit(index), []);
  const onDelete = useCallback((index: number) => latest.current.remove(index), []);
  const onHidden = useCallback(
    (index: number, hidden: boolean) =>
      setOptions((list) => list.map((o, i) => (i === index ? { ...o, isHidden: hidden } : o))),
    [setOptions],
  );
  const onHideAll = useCallback((hidden: boolean) => setOptions((list) => setAllHidden(list, hidden)), [setOptions]);
  const onDefault = useCallback((name: string) => setForm((f) => ({ ...f, default: name })), [setForm]);

  return (
    <Box component="section" aria-labelledby="submenu-options-heading">
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography id="submenu-options-heading" variant="h6" component="h3">
          {t('submenu.editor.options')}
        </Typography>
        <Link
          component="button"
          type="button"
          onClick={() => setSequence(options.map((o) => o.name))}
          disabled={options.length < 2}
        >
          {t('submenu.editor.editSequence')}
        </Link>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }} sx={{ mb: 2 }}>
        <Button variant="contained" onClick={addManually} sx={{ flexShrink: 0, mt: { md: 0.25 } }}>
          {t('submenu.editor.addOption')}
        </Button>
        {mode === 'menu' ? (
          <MenuItemPicker
            items={pickable}
            disabled={hasManual}
            helperText={t(hasManual ? 'submenu.editor.link.manualMode' : 'submenu.editor.link.menuHelp')}
            onPick={pickMenuItem}
          />
        ) : (
          <PricebookItemSearch
            path={path ?? 0}
            exclude={linkedIds}
            onPick={pickPricebookItem}
            onCreate={setCreateName}
          />
        )}
      </Stack>
      {session.pending && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <>
              <Button color="inherit" size="small" onClick={() => session.openAdd()}>
                {t('submenu.editor.pending.continue')}
              </Button>
              <Button color="inherit" size="small" onClick={session.discardPending}>
                {t('submenu.editor.pending.discard')}
              </Button>
            </>
          }
        >
          {t('submenu.editor.pending.text', { name: session.pending.option.name || '…' })}
        </Alert>
      )}
      <OptionsTable
        mode={mode}
        options={options}
        defaultName={showDefault ? form.default : undefined}
        pathName={pathName}
        onHidden={onHidden}
        onHideAll={onHideAll}
        onDefault={onDefault}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      {errors.length > 0 && (
        <Box id="submenu-options-errors" sx={{ mt: 1 }}>
          {errors.map((text) => (
            <FormHelperText key={text} error>
              {text}
            </FormHelperText>
          ))}
        </Box>
      )}
      <SequenceDialog names={sequence} onDone={reorderTo} onCancel={() => setSequence(null)} />
      {session.session && (
        <OptionDialog
          kind={session.session.kind}
          draft={session.session.draft}
          onChange={session.change}
          others={options}
          onDone={session.done}
          onClose={session.close}
          imageValue={imageValue}
        />
      )}
      <ConfirmPopup
        open={createName !== ''}
        type="warning"
        title={t('submenu.editor.createConfirm.title')}
        primaryText={t('submenu.editor.createConfirm.text', { name: createName })}
        positiveLabel={t('submenu.editor.yes')}
        negativeLabel={t('submenu.editor.no')}
        onPositive={() => {
          session.openAdd(newDraft({ name: createName }));
          setCreateName('');
        }}
        onNegative={() => setCreateName('')}
      />
    </Box>
  );
}
