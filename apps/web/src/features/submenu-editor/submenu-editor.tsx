import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { usePricebookPaths } from '../../lib/paths';
import {
  EMPTY_RULES,
  canAccessPage,
  connectionDiff,
  fromPricebookSubmenu,
  fromStoredSubmenu,
  normaliseOption,
  toPricebookSubmenu,
  toStoredSubmenu,
  type SubmenuForm,
} from '@cd/core';
import { PageLoading } from '../../components/page-loading';
import { useLoginState } from '../../lib/login-state';
import { MenuHistoryDrawer } from '../menu';
import { describeError } from '../../lib/server-message';
import { saveMenuSubmenu, savePricebookSubmenu, useMenuSubmenu, usePricebookSubmenus, useRestaurantMenu } from './api';
import { EditorDialog } from './components/editor-dialog';
import { EditorCurrency } from './editor-money';
import type { SubmenuEditorProps } from './types';
import type { EditorValues } from './use-editor-state';

/** A new submenu's fields: nothing chosen, limits not set. */
export function emptyForm(): SubmenuForm {
  const { min, max, free_quantity, min_quantity, max_quantity } = EMPTY_RULES;
  return {
    title: '',
    description: '',
    ismand: false,
    multiple: false,
    min,
    max,
    free_quantity,
    min_quantity,
    max_quantity,
    default: '',
    tags: [],
  };
}

/** The editor's dialog while its data loads, or when loading failed. */
function Waiting({ error, text, onClose }: { error: unknown; text?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const problem = text ?? (error ? describeError(error, i18n) : '');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="submenu-editor-waiting">
      <DialogTitle id="submenu-editor-waiting">{t('submenu.editor.title')}</DialogTitle>
      <DialogContent>{problem ? <Alert severity="error">{problem}</Alert> : <PageLoading />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('submenu.editor.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

const trimmed = (values: EditorValues) => ({
  form: { ...values.form, title: values.form.title.trim() },
  options: values.options.map(normaliseOption),
});

const plainPath = (path?: number) => (path === undefined ? '' : String(path));

type MenuProps = Extract<SubmenuEditorProps, { mode: 'menu' }>;

/** Menu mode: the restaurant's items, and the submenu when editing; saves the stored form and the connections. */
function MenuSubmenuEditor({ restaurant, submenuid, onClose }: MenuProps) {
  const menu = useRestaurantMenu(restaurant);
  const stored = useMenuSubmenu(submenuid);
  const [generation, setGeneration] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const { t } = useTranslation();
  const { user } = useLoginState();
  const extras = user?.vendorextras;
  const canRevert = canAccessPage(
    {
      admin: extras?.admin === true,
      pagepermissionaccess: extras?.pagepermissionaccess ?? [],
      permissions: extras?.permissions ?? [],
    },
    'subMenuManagement',
  );
  const view = stored.data;

  const initial = useMemo<EditorValues | null>(() => {
    if (!view) return submenuid ? null : { form: emptyForm(), options: [], connections: [] };
    return { ...fromStoredSubmenu(view.title, view), connections: view.connected_items };
  }, [view, submenuid]);

  const save = useCallback(
    async (values: EditorValues) => {
      const { form, options } = trimmed(values);
      const before = view?.connected_items ?? [];
      await saveMenuSubmenu(
        {
          restaurant,
          title: form.title,
          submenu: toStoredSubmenu(form, options),
          connections: { ...connectionDiff(before, values.connections), submenu_name: form.title },
          ...(view ? { version: view.version } : {}),
        },
        view?.submenuid,
      );
    },
    [restaurant, view],
  );
  const reload = useCallback(() => {
    void stored.refetch().then(() => setGeneration((g) => g + 1));
  }, [stored]);

  const error = menu.error ?? stored.error;
  if (!menu.data || !initial) return <Waiting error={error} onClose={() => onClose(false)} />;
  return (
    <EditorCurrency value={menu.data.restaurant.currency}>
      <EditorDialog
        key={generation}
        mode="menu"
        initial={initial}
        subtitle={view?.title}
        menuItems={menu.data.fooditems}
        pathName={plainPath}
        imageValue={restaurant}
        save={save}
        reload={reload}
        onClose={onClose}
        toolbarExtra={
          view ? (
            <Button onClick={() => setHistoryOpen(true)} aria-haspopup="dialog">
              {t('menuHistory.open')}
            </Button>
          ) : undefined
        }
      />
      {historyOpen && view && (
        <MenuHistoryDrawer
          entity="submenu"
          id={view.submenuid}
          name={view.title}
          canRevert={canRevert}
          onClose={() => setHistoryOpen(false)}
          onReverted={reload}
        />
      )}
    </EditorCurrency>
  );
}

type PricebookProps = Extract<SubmenuEditorProps, { mode: 'pricebook' }>;

/** Price-book mode: the path's submenus (to take the one edited); saves by POST (new) or PUT (existing). */
function PricebookSubmenuEditor({ path, submenuid, onClose }: PricebookProps) {
  const { t } = useTranslation();
  const list = usePricebookSubmenus(path, Boolean(submenuid));
  const paths = usePricebookPaths();
  const [generation, setGeneration] = useState(0);
  const view = submenuid ? list.data?.find((s) => s.submenuid === submenuid) : undefined;

  const initial = useMemo<EditorValues | null>(() => {
    if (!view) return submenuid ? null : { form: emptyForm(), options: [], connections: [] };
    return { ...fromPricebookSubmenu(view), connections: [] };
  }, [view, submenuid]);

  const save = useCallback(
    async (values: EditorValues) => {
      const { form, options } = trimmed(values);
      const data = toPricebookSubmenu(form, options, path, view?.submenuid);
      await savePricebookSubmenu(data, view ? { submenuid: view.submenuid, version: view.version } : undefined);
    },
    [path, view],
  );
  const reload = useCallback(() => {
    void list.refetch().then(() => setGeneration((g) => g + 1));
  }, [list]);
  const pathName = useCallback(
    (p?: number) => (p === undefined ? '' : (paths.data?.find((x) => x.id === p)?.pathid ?? String(p))),
    [paths.data],
  );

  if (!initial) {
    const missing = list.data && !view ? t('submenu.editor.missing') : undefined;
    return <Waiting error={list.error} text={missing} onClose={() => onClose(false)} />;
  }
  return (
    <EditorDialog
      key={generation}
      mode="pricebook"
      initial={initial}
      subtitle={view?.submenuname}
      menuItems={[]}
      path={path}
      pathName={pathName}
      save={save}
      reload={reload}
      onClose={onClose}
    />
  );
}

/**
 * The submenu editor (spec 001 §2.4): a full-screen dialog in menu mode (a restaurant's submenu) or price-book
 * mode (a path's submenu). It loads and saves by itself and calls onClose(true) after a save.
 */
export function SubmenuEditor(props: SubmenuEditorProps) {
  if (!props.open) return <></>;
  return props.mode === 'menu' ? <MenuSubmenuEditor {...props} /> : <PricebookSubmenuEditor {...props} />;
}
