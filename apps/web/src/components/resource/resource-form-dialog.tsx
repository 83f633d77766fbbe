import { useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { classifySaveFailure } from '../../lib/save-failure';
import { clearUnsavedChanges, FormDirtyGuard } from '../form-dirty-guard';
import { useSnackbar } from '../snackbar';
import { ConflictAlert } from './conflict-alert';
import { DiscardChangesPopup } from './discard-changes-popup';
import { FormShell, type FormShellVariant } from './form-shell';
import { LastChanged } from './last-changed';
import type { FormRenderProps } from './resource-list-page';

type Versioned = { version?: number; updated_at?: string; updated_by?: string | null };

type Props<Row, TIn extends FieldValues, TOut> = FormRenderProps<Row> & {
  title: string;
  /** Default: who changed the record last, and when. */
  subtitle?: ReactNode;
  /** Core's zod schema: the API checks the same (DESIGN.md §3). */
  schema: z.ZodType<TOut, TIn>;
  /** The form's values for a record (none when creating). */
  toValues: (row?: Row) => TIn;
  /** Saves naming the version edited; resolves with the server's message (shown), rejects with its failure. */
  save: (values: TOut, version: number | undefined) => Promise<{ message: string }>;
  /** Called after a save (and its snackbar); closes the form by default. */
  onSaved?: () => void;
  variant?: FormShellVariant;
  width?: number;
  /** Keeps Save off while something the form needs loads. */
  saveDisabled?: boolean;
  /**
   * The footer's buttons after Cancel in place of the one Save, when a form saves in more than one way (Save draft
   * and Schedule): each submit button may set a value in its onClick, which runs before the form submits.
   */
  submitButtons?: (form: UseFormReturn<TIn, unknown, TOut>, saving: boolean) => ReactNode;
  /** The fields, given the form (react-hook-form). */
  children: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
};

/**
 * The form frame of every resource page (issue 11): react-hook-form with core's zod schema; one unsaved-changes
 * guard (the shell asks before leaving, the browser before unloading, closing asks Yes/No); one 409 behaviour
 * (say who saved, offer Reload, keep the user's input on screen until they take it); server failures naming a
 * field shown under that field; any other failure shown above the fields.
 */
export function ResourceFormDialog<Row, TIn extends FieldValues, TOut>(props: Props<Row, TIn, TOut>) {
  const { row, title, schema, toValues, save, reload, onClose, children } = props;
  const onSaved = props.onSaved ?? onClose;
  const audit = row as Versioned | undefined;
  const defaultValues = toValues(row);
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const form = useForm<TIn, unknown, TOut>({
    defaultValues: defaultValues as DefaultValues<TIn>,
    resolver: zodResolver(schema as never),
  });
  const dirty = useRef(false);
  const [version, setVersion] = useState(audit?.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [asking, setAsking] = useState(false);
  const fields = Object.keys(defaultValues);

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    setFailure('');
    try {
      const answer = await save(values, version);
      dirty.current = false;
      clearUnsavedChanges();
      snackbar.show(answer.message || t('resource.saved'), 'success');
      onSaved();
    } catch (error) {
      const shown = classifySaveFailure(error, i18n, fields);
      if (shown.kind === 'conflict') setConflict(shown.message);
      else if (shown.kind === 'other') setFailure(shown.message);
      else {
        shown.fields.forEach(({ field, message }, index) =>
          form.setError(field as FieldPath<TIn>, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
      }
    }
  });

  const handleReload = async () => {
    const fresh = await reload();
    if (fresh) {
      form.reset(toValues(fresh));
      setVersion((fresh as Versioned).version);
    }
    setConflict(null);
  };

  const requestClose = () => (dirty.current ? setAsking(true) : onClose());
  const discard = () => {
    setAsking(false);
    clearUnsavedChanges();
    onClose();
  };
  const saving = form.formState.isSubmitting;

  return (
    <FormShell
      variant={props.variant ?? 'dialog'}
      width={props.width}
      title={title}
      subtitle={
        props.subtitle ??
        (audit?.updated_at && (
          <LastChanged row={{ updated_at: audit.updated_at, updated_by: audit.updated_by ?? null }} inline />
        ))
      }
      onClose={requestClose}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button onClick={requestClose}>{t('resource.cancel')}</Button>
          {props.submitButtons ? (
            props.submitButtons(form, saving)
          ) : (
            <Button type="submit" variant="contained" disabled={saving || props.saveDisabled}>
              {t('resource.save')}
            </Button>
          )}
        </>
      }
    >
      <FormDirtyGuard control={form.control as never} dirty={dirty} />
      {conflict && <ConflictAlert message={conflict} onReload={() => void handleReload()} />}
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      {children(form)}
      <DiscardChangesPopup open={asking} onKeep={() => setAsking(false)} onDiscard={discard} />
    </FormShell>
  );
}
