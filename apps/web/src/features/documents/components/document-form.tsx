import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CATEGORIES, DOCUMENT_REMIND_DAYS, documentBody, type PdfDocument } from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { FieldRow, FormSection } from '../../../components/form-parts';
import { FormNumberField, FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { useUserSites } from '../../../lib/use-user-sites';
import { documentApi, type DocumentInput, type DocumentOutput } from '../api';
import { FileSection } from './file-section';

type FormApi = UseFormReturn<DocumentInput, unknown, DocumentOutput>;

const toValues = (d?: PdfDocument): DocumentInput => ({
  title: d?.title ?? '',
  category: d?.category ?? 'other',
  foodcourt: d?.foodcourt ?? '',
  restaurant: d?.restaurant ?? null,
  expires_on: d?.expires_on ?? null,
  remind_days: d?.remind_days ?? DOCUMENT_REMIND_DAYS,
  public: d?.public ?? false,
});

type Props = FormRenderProps<PdfDocument> & {
  /** After a create: the page opens the new document (?edit=ID) so its PDF can be uploaded. */
  onCreated: (id: number) => void;
};

/**
 * Add or edit a PDF document: its title and category, the site (and optionally one of its restaurants) it
 * belongs to, when it expires and how many days before that it shows as expiring, and whether the ordering apps
 * show it. A saved document takes its PDF below (each upload a new revision); a new one is saved first and stays
 * open for the upload.
 */
export function DocumentForm(props: Props) {
  const { row, onCreated } = props;
  const { t } = useTranslation();
  const save = documentApi.useSave();
  const created = useRef<number | null>(null);
  // The document as the last upload answered it (its new file), and the versions this form's own uploads moved
  // the document from and to: a save after an upload names the version the upload left, while a save by someone
  // else in between still meets the 409.
  const [uploaded, setUploaded] = useState<PdfDocument | null>(null);
  const ownBumps = useRef(new Map<number, number>());
  const shown = uploaded && row && uploaded.version >= row.version ? uploaded : row;
  const afterOwnUploads = (version: number | undefined) => {
    let v = version;
    while (v !== undefined && ownBumps.current.has(v)) v = ownBumps.current.get(v);
    return v;
  };
  const onUploaded = (document: PdfDocument, from: number) => {
    if (document.version === from + 1) ownBumps.current.set(from, document.version);
    setUploaded(document);
  };
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={720}
      title={row ? t('documents.form.editTitle', { title: row.title }) : t('documents.form.addTitle')}
      schema={documentBody}
      toValues={toValues}
      save={async (body, version) => {
        const answer = await save.mutateAsync({ id: row?.id, body, version: afterOwnUploads(version) });
        if (!row) created.current = (answer.row as PdfDocument).id;
        return answer;
      }}
      onSaved={() => (created.current !== null ? onCreated(created.current) : props.onClose())}
    >
      {(form) => (
        <>
          <DocumentFields form={form} />
          {shown ? (
            <FileSection document={shown} onUploaded={onUploaded} />
          ) : (
            <Alert severity="info">{t('documents.form.saveFirst')}</Alert>
          )}
        </>
      )}
    </ResourceFormDialog>
  );
}

function DocumentFields({ form }: { form: FormApi }) {
  const { t } = useTranslation();
  const { control } = form;
  const sites = useUserSites();
  const foodcourt = useWatch({ control, name: 'foodcourt' });
  const restaurants = foodcourt ? sites.restaurantsOf(foodcourt) : [];
  return (
    <FormSection title={t('documents.form.details')}>
      <FormTextField
        control={control}
        name="title"
        label={t('documents.form.title')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 150 } }}
      />
      <FormTextField control={control} name="category" label={t('documents.form.category')} select>
        {DOCUMENT_CATEGORIES.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`documents.category.${c}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <FieldRow>
        <Controller
          control={control}
          name="foodcourt"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              label={t('documents.form.site')}
              value={field.value ?? ''}
              onChange={(event) => {
                field.onChange(event.target.value);
                // Another site's restaurant does not belong here.
                form.setValue('restaurant', null, { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? t('documents.form.chooseSite') : undefined}
              sx={{ minWidth: 240 }}
            >
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
        <Controller
          control={control}
          name="restaurant"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('documents.form.restaurant')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value || null)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={!foodcourt}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('documents.form.restaurantHint')}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">{t('documents.form.wholeSite')}</MenuItem>
              {field.value && !restaurants.some((r) => r.id === field.value) && (
                <MenuItem value={field.value}>{sites.nameOf(field.value)}</MenuItem>
              )}
              {restaurants.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </FieldRow>
      <FieldRow>
        <Controller
          control={control}
          name="expires_on"
          render={({ field, fieldState }) => (
            <ThemedDateTimePicker
              type="date"
              label={t('documents.form.expiresOn')}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? null)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('documents.form.expiresHint')}
            />
          )}
        />
        <FormNumberField
          control={control}
          name="remind_days"
          label={t('documents.form.remindDays')}
          hint={t('documents.form.remindHint')}
          whole
          sx={{ maxWidth: 240 }}
          slotProps={{ htmlInput: { min: 0, max: 365 } }}
        />
      </FieldRow>
      <Controller
        control={control}
        name="public"
        render={({ field }) => (
          <FormControlLabel
            label={t('documents.form.public')}
            control={
              <Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
            }
          />
        )}
      />
    </FormSection>
  );
}
