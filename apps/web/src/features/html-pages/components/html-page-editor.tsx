import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { HTML_PAGE_LIMITS, htmlPageBody, type HtmlPage } from '@cd/core';
import { clearUnsavedChanges, FormDirtyGuard } from '../../../components/form-dirty-guard';
import {
  ConflictAlert,
  DiscardChangesPopup,
  FormShell,
  FormTextField,
  LastChanged,
  type FormRenderProps,
} from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { formatSyncTime } from '../../../lib/format';
import { classifySaveFailure } from '../../../lib/save-failure';
import { useUserSites } from '../../../lib/use-user-sites';
import { fetchPage, usePageActions } from '../api';
import { sameMarkup, slugOf } from '../markup';
import { HistoryPanel } from './history-panel';
import { StatusChips } from './status-chips';

// tiptap is loaded with the editor only: the list page stays light.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

const schema = htmlPageBody.pick({ title: true, slug: true, foodcourt: true, client: true, html: true });
type Values = z.input<typeof schema>;
type Body = z.output<typeof schema>;
const FIELDS = ['title', 'slug', 'foodcourt', 'client', 'html'];

const toValues = (page?: HtmlPage): Values => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  foodcourt: page?.foodcourt ?? null,
  client: page?.client ?? null,
  html: page?.html ?? '',
});

type Props = FormRenderProps<HtmlPage> & {
  /** A new page was saved: the editor goes on as that page's (?edit=<id>); `cleaned` when markup was removed. */
  onCreated: (page: HtmlPage, cleaned: boolean) => void;
  /** Whether the save that created the page had markup removed (the notice carries over). */
  cleanedOnCreate?: boolean;
};

/**
 * The HTML page editor (?edit=<id> or ?action=new): title, address name, site and the body in a rich-text editor
 * with a Source view. Save keeps the editor open and shows the HTML as the server stored it (cleaned), saying so
 * when markup was removed; Publish and Unpublish name the version shown; History lists the revisions and restores
 * an older one. Conflicts (409) keep the user's edits and offer Reload, as every resource form does.
 */
export function HtmlPageEditor({ row, onClose, onCreated, cleanedOnCreate = false }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const sites = useUserSites();
  const actions = usePageActions();
  const [page, setPage] = useState<HtmlPage | undefined>(row);
  const [cleaned, setCleaned] = useState(cleanedOnCreate);
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [asking, setAsking] = useState(false);
  const [history, setHistory] = useState(false);
  const dirtyRef = useRef(false);

  const form = useForm<Values, unknown, Body>({ defaultValues: toValues(row), resolver: zodResolver(schema) });
  const { control } = form;
  const { isDirty, isSubmitting } = useFormState({ control });
  const title = useWatch({ control, name: 'title' });
  const html = useWatch({ control, name: 'html' }) ?? '';

  // A new page's address name follows its title until the user writes one.
  useEffect(() => {
    if (!page && !form.getFieldState('slug').isDirty) form.setValue('slug', slugOf(title ?? ''));
  }, [title, page, form]);

  const show = (next: HtmlPage) => {
    setPage(next);
    form.reset(toValues(next));
  };
  const clearMessages = () => {
    setConflict(null);
    setFailure('');
  };
  const fail = (error: unknown) => {
    const shown = classifySaveFailure(error, i18n, FIELDS);
    if (shown.kind === 'conflict') setConflict(shown.message);
    else if (shown.kind === 'other') setFailure(shown.message);
    else
      shown.fields.forEach(({ field, message }, index) =>
        form.setError(field as FieldPath<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
  };

  const submit = form.handleSubmit(async (values) => {
    clearMessages();
    try {
      const answer = await actions.save.mutateAsync({ id: page?.id, body: values, version: page?.version });
      const removed = !sameMarkup(values.html, answer.page.html);
      clearUnsavedChanges();
      snackbar.show(answer.message || t('htmlmanager.saved'), 'success');
      if (!page) {
        onCreated(answer.page, removed);
        return;
      }
      setCleaned(removed);
      show(answer.page);
    } catch (error) {
      fail(error);
    }
  });

  const publish = (live: boolean) => {
    if (!page) return;
    clearMessages();
    actions.publish.mutate(
      { page, live },
      {
        onSuccess: (answer) => {
          snackbar.show(answer.message || t(live ? 'htmlmanager.published' : 'htmlmanager.unpublished'), 'success');
          // The draft is not touched: unsaved edits (beside an Unpublish) stay, and the next save names this version.
          setPage(answer.page);
        },
        onError: fail,
      },
    );
  };

  const restore = (revision: number) => {
    if (!page) return;
    clearMessages();
    actions.revert.mutate(
      { page, revision },
      {
        onSuccess: (answer) => {
          clearUnsavedChanges();
          setCleaned(false);
          snackbar.show(answer.message || t('htmlmanager.history.restored', { revision }), 'success');
          show(answer.page);
        },
        onError: fail,
      },
    );
  };

  const reload = async () => {
    if (!page) return;
    try {
      show(await fetchPage(page.id));
      setConflict(null);
    } catch (error) {
      setConflict(null);
      fail(error);
    }
  };

  const requestClose = () => (dirtyRef.current ? setAsking(true) : onClose());
  const busy = isSubmitting || actions.publish.isPending || actions.revert.isPending;
  const upToDate = page?.status === 'published' && !page.changed;

  return (
    <FormShell
      variant="drawer"
      width={1200}
      title={page ? t('htmlmanager.editTitle', { title: page.title }) : t('htmlmanager.addTitle')}
      subtitle={page && <LastChanged row={{ updated_at: page.updated_at, updated_by: page.updated_by }} inline />}
      onClose={requestClose}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          {page && (
            <Button aria-expanded={history} aria-controls="html-page-history" onClick={() => setHistory(!history)}>
              {t(history ? 'htmlmanager.history.hide' : 'htmlmanager.history.show')}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Button onClick={requestClose}>{t('htmlmanager.close')}</Button>
          {page?.status === 'published' && (
            <Button color="warning" disabled={busy} onClick={() => publish(false)}>
              {t('htmlmanager.unpublish')}
            </Button>
          )}
          {page && (
            <Button variant="outlined" disabled={busy || isDirty || upToDate} onClick={() => publish(true)}>
              {t('htmlmanager.publish')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {t('htmlmanager.save')}
          </Button>
        </>
      }
    >
      <FormDirtyGuard control={control as never} dirty={dirtyRef} />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2, width: '100%' }}>
          {page && (
            <Box
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              aria-label={t('htmlmanager.state')}
            >
              <StatusChips page={page} />
              <Typography variant="body2" color="text.secondary">
                {page.status === 'published' && page.published_at
                  ? t('htmlmanager.publishedAt', { when: formatSyncTime(page.published_at) ?? page.published_at })
                  : t('htmlmanager.notPublished')}
                {isDirty && !upToDate && ` · ${t('htmlmanager.saveBeforePublishing')}`}
              </Typography>
            </Box>
          )}
          {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} />}
          {failure && (
            <Alert severity="error" onClose={() => setFailure('')}>
              {failure}
            </Alert>
          )}
          {cleaned && (
            <Alert severity="warning" onClose={() => setCleaned(false)}>
              <AlertTitle>{t('htmlmanager.cleaned')}</AlertTitle>
              {t('htmlmanager.cleanedText')}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 240px' } }}>
            <FormTextField
              control={control}
              name="title"
              label={t('htmlmanager.fields.title')}
              required
              autoFocus={!page}
              slotProps={{ htmlInput: { maxLength: HTML_PAGE_LIMITS.title } }}
            />
            <FormTextField
              control={control}
              name="slug"
              label={t('htmlmanager.fields.slug')}
              required
              hint={t('htmlmanager.fields.slugHint')}
              normalize={(text) => text.toLowerCase()}
              slotProps={{ htmlInput: { maxLength: HTML_PAGE_LIMITS.slug, spellCheck: false } }}
            />
            <Controller
              control={control}
              name="foodcourt"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('htmlmanager.fields.site')}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value || null)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? t('htmlmanager.fields.siteHint')}
                >
                  <MenuItem value="">{t('htmlmanager.allSites')}</MenuItem>
                  {field.value && !sites.foodcourts.some((f) => f.id === field.value) && (
                    <MenuItem value={field.value}>{sites.nameOf(field.value)}</MenuItem>
                  )}
                  {sites.foodcourts.map((f) => (
                    <MenuItem key={f.id} value={f.id}>
                      {f.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          <Controller
            control={control}
            name="html"
            render={({ field, fieldState }) => (
              <Suspense fallback={<Typography color="text.secondary">{t('htmlmanager.editor.loading')}</Typography>}>
                <RichTextEditor
                  label={t('htmlmanager.fields.body')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    t('htmlmanager.fields.bodyHint', { count: html.length, max: HTML_PAGE_LIMITS.html })
                  }
                />
              </Suspense>
            )}
          />
        </Box>
        {page && history && (
          <Box id="html-page-history" sx={{ width: { xs: '100%', md: 'auto' } }}>
            <HistoryPanel page={page} dirty={isDirty} busy={busy} onRestore={restore} />
          </Box>
        )}
      </Box>
      <DiscardChangesPopup
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          clearUnsavedChanges();
          onClose();
        }}
      />
    </FormShell>
  );
}
