import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { locationBody, type LocationView } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { ConflictAlert, FormTextField, useDirtyFlag } from '../../users';
import { DiscardChangesPopup } from '../components/discard-changes-popup';
import { LastChanged } from '../components/last-changed';
import { SiteFormDialog } from '../components/site-form-dialog';
import { useSaveLocation, type LocationAnswer } from '../mutations';
import { showSiteSaveError } from '../site-save-error';

// The API's own schema (core's locationBody) validates the form: one rule for both sides.
const locationForm = locationBody.pick({ location: true, name: true });
type LocationFormValues = z.input<typeof locationForm>;
type LocationFormOutput = z.output<typeof locationForm>;
const FIELDS = ['location', 'name'] as const;

type Props = {
  /** The organisation being edited; absent when adding one. */
  location?: LocationView;
  onClose: () => void;
  /** Fetches the server's copy afresh (after a version conflict). */
  onReload: () => Promise<LocationView | null | undefined>;
};

const toValues = (location?: LocationView): LocationFormValues => ({
  location: location?.location ?? '',
  name: location?.name ?? '',
});

/** Add an organisation (id and name) or rename one; the id is fixed once created. */
export function LocationDialog({ location, onClose, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [version, setVersion] = useState(location?.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const form = useForm<LocationFormValues, unknown, LocationFormOutput>({
    defaultValues: toValues(location),
    resolver: zodResolver(locationForm),
  });
  const setDirty = useDirtyFlag(form.formState.isDirty);

  const handleSaved = (answer: LocationAnswer) => {
    setDirty(false);
    snackbar.show(answer.message || t('sites.location.saved'), 'success');
    onClose();
  };
  const save = useSaveLocation({ onSuccess: handleSaved });

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    await save.mutateAsync({ values, version }).catch((error: unknown) =>
      showSiteSaveError(error, i18n, {
        setError: form.setError,
        fields: FIELDS,
        idField: 'location',
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
      title={location ? t('sites.location.editTitle', { name: location.name }) : t('sites.location.addTitle')}
      subtitle={location && <LastChanged row={location} inline />}
      onClose={requestClose}
      onSubmit={(event) => void submit(event)}
      saving={form.formState.isSubmitting || save.isPending}
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void handleReload()} />}
      <FormTextField
        control={form.control}
        name="location"
        label={t('sites.location.id')}
        hint={location ? t('sites.fields.idFixed') : t('sites.fields.idHint')}
        required
        disabled={Boolean(location)}
        autoFocus={!location}
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="name"
        label={t('sites.fields.name')}
        required
        autoFocus={Boolean(location)}
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
