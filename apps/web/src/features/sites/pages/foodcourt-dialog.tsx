import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { foodcourtBody, type FoodcourtView } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { ConflictAlert, FormTextField, useDirtyFlag } from '../../users';
import { DiscardChangesPopup } from '../components/discard-changes-popup';
import { LastChanged } from '../components/last-changed';
import { SiteAutocomplete } from '../components/site-autocomplete';
import { SiteFormDialog } from '../components/site-form-dialog';
import { useSaveFoodcourt, type FoodcourtAnswer } from '../mutations';
import { showSiteSaveError } from '../site-save-error';

// The API's own schema (core's foodcourtBody) validates the form: one rule for both sides.
const foodcourtForm = foodcourtBody.pick({ foodcourt: true, location: true, name: true });
type FoodcourtFormValues = z.input<typeof foodcourtForm>;
type FoodcourtFormOutput = z.output<typeof foodcourtForm>;
const FIELDS = ['foodcourt', 'location', 'name'] as const;

type Props = {
  /** The food court being edited; absent when adding one. */
  foodcourt?: FoodcourtView;
  /** A new food court's organisation when the list is filtered to one. */
  location?: string;
  onClose: () => void;
  /** Fetches the server's copy afresh (after a version conflict). */
  onReload: () => Promise<FoodcourtView | null | undefined>;
};

const toValues = (foodcourt?: FoodcourtView, location?: string): FoodcourtFormValues => ({
  foodcourt: foodcourt?.foodcourt ?? '',
  location: foodcourt?.location ?? location ?? '',
  name: foodcourt?.name ?? '',
});

/**
 * Add a food court (id, organisation, name) or rename one. The id and the organisation are fixed once created:
 * restaurant ids start with the food court id, and the organisation decides who may see it.
 */
export function FoodcourtDialog({ foodcourt, location, onClose, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [version, setVersion] = useState(foodcourt?.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const form = useForm<FoodcourtFormValues, unknown, FoodcourtFormOutput>({
    defaultValues: toValues(foodcourt, location),
    resolver: zodResolver(foodcourtForm),
  });
  const locationField = useController({ control: form.control, name: 'location' });
  const setDirty = useDirtyFlag(form.formState.isDirty);

  const handleSaved = (answer: FoodcourtAnswer) => {
    setDirty(false);
    snackbar.show(answer.message || t('sites.foodcourt.saved'), 'success');
    onClose();
  };
  const save = useSaveFoodcourt({ onSuccess: handleSaved });

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    await save.mutateAsync({ values, version }).catch((error: unknown) =>
      showSiteSaveError(error, i18n, {
        setError: form.setError,
        fields: FIELDS,
        idField: 'foodcourt',
        onConflict: setConflict,
        onOther: (message) => snackbar.show(message, 'error'),
      }),
    );
  });

  const handleReload = async () => {
    const fresh = await onReload();
    if (fresh) {
      form.reset(toValues(fresh));
      setVersion(fresh.version);
    }
    setConflict(null);
  };

  const requestClose = () => (form.formState.isDirty ? setAsking(true) : onClose());

  return (
    <SiteFormDialog
      title={foodcourt ? t('sites.foodcourt.editTitle', { name: foodcourt.name }) : t('sites.foodcourt.addTitle')}
      subtitle={foodcourt && <LastChanged row={foodcourt} inline />}
      onClose={requestClose}
      onSubmit={(event) => void submit(event)}
      saving={form.formState.isSubmitting || save.isPending}
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void handleReload()} />}
      <SiteAutocomplete
        kind="location"
        label={t('sites.fields.location')}
        value={locationField.field.value || undefined}
        onChange={(id) => locationField.field.onChange(id ?? '')}
        inputRef={locationField.field.ref}
        error={Boolean(locationField.fieldState.error)}
        helperText={locationField.fieldState.error?.message ?? (foodcourt ? t('sites.foodcourt.locationFixed') : '')}
        disabled={Boolean(foodcourt)}
        required
        size="medium"
      />
      <FormTextField
        control={form.control}
        name="foodcourt"
        label={t('sites.foodcourt.id')}
        hint={foodcourt ? t('sites.fields.idFixed') : t('sites.fields.idHint')}
        required
        disabled={Boolean(foodcourt)}
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="name"
        label={t('sites.fields.name')}
        required
        autoFocus={Boolean(foodcourt)}
        fullWidth
      />
      <DiscardChangesPopup
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          setDirty(false);
          onClose();
        }}
      />
    </SiteFormDialog>
  );
}
