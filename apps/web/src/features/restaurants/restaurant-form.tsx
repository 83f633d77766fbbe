import { useCallback, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import { useForm, FormProvider, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RestaurantView } from '@cd/core';
import { ConfirmPopup } from '../../components/confirm-popup';
import { usePricebookPaths } from '../../lib/paths';
import { useClients, useFoodcourtOptions, type AvailabilitySettings } from './api';
import { ConflictAlert } from '../../components/resource';
import { FormToolbar } from './components/form-toolbar';
import { LockedFieldsProvider } from './components/locked-context';
import { RequiredFieldsProvider } from './components/required-context';
import { SectionNav } from './components/section-nav';
import { useScrollSpy } from './components/use-scroll-spy';
import { collectIssues, nestIssues } from './form-validation';
import { newFormValues, viewToFormValues, type RestaurantFormValues } from './form-values';
import { RESTAURANT_SECTIONS, sectionDomId } from './sections';
import { AvailabilitySection } from './sections/availability-section';
import { BasicDetailsSection } from './sections/basic-details-section';
import { DeliverySection } from './sections/delivery-section';
import { ExtraSection } from './sections/extra-section';
import { FeatureSwitchesSection } from './sections/feature-switches-section';
import { FlowsSection } from './sections/flows-section';
import { ItemCountSection } from './sections/item-count-section';
import { JsonSection } from './sections/json-section';
import { MenuImagesSection } from './sections/menu-images-section';
import { OrderingSection } from './sections/ordering-section';
import { PricingSection } from './sections/pricing-section';
import { ServingSection } from './sections/serving-section';
import { TaxSection } from './sections/tax-section';
import { FormDirtyGuard, clearUnsavedChanges } from '../../components/form-dirty-guard';
import { useRestaurantSave, type RestaurantMeta } from './use-restaurant-save';

type Props = {
  mode: 'new' | 'edit';
  foodcourt: string;
  /** The stored restaurant when editing. */
  initial?: RestaurantView;
  /** Fetches the stored copy afresh (after a version conflict). */
  reload: () => Promise<RestaurantView | undefined>;
  onClose: (saved?: RestaurantView) => void;
};

const metaOf = (view: RestaurantView): RestaurantMeta => ({
  foodcourt: view.foodcourt,
  restaurant: view.restaurant,
  name: view.name,
  version: view.version,
  updated_by: view.updated_by,
  updated_at: view.updated_at,
});

/** The full-screen add/edit restaurant form of spec 001 §2.1. */
export function RestaurantForm({ mode, foodcourt, initial, reload, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const content = useRef<HTMLDivElement | null>(null);
  const [meta, setMeta] = useState<RestaurantMeta>(() => (initial ? metaOf(initial) : { foodcourt }));
  const [confirmClose, setConfirmClose] = useState(false);
  const [contentReady, setContentReady] = useState(false);

  const resolver = useCallback<Resolver<RestaurantFormValues>>(
    async (values) => {
      const issues = collectIssues(values);
      return issues.length ? { values: {}, errors: nestIssues(issues, t) } : { values, errors: {} };
    },
    [t],
  );
  const form = useForm<RestaurantFormValues>({
    defaultValues: initial ? viewToFormValues(initial) : newFormValues(),
    resolver,
    shouldFocusError: false,
  });
  // The form's own formState is never read here: a read subscribes the whole form to re-render on it.
  const dirty = useRef(false);

  const finish = (saved?: RestaurantView) => {
    dirty.current = false;
    clearUnsavedChanges();
    onClose(saved);
  };
  const save = useRestaurantSave({ form, meta, content, onSaved: finish });

  const clients = useClients();
  const foodcourts = useFoodcourtOptions();
  const paths = usePricebookPaths();
  const spy = useScrollSpy(content, RESTAURANT_SECTIONS, sectionDomId, contentReady);
  const setContent = useCallback((el: HTMLDivElement | null) => {
    content.current = el;
    setContentReady(Boolean(el));
  }, []);

  const handleCloseRequest = () => (dirty.current ? setConfirmClose(true) : finish());

  const handleReload = async () => {
    const fresh = await reload();
    if (!fresh) return;
    form.reset(viewToFormValues(fresh));
    setMeta(metaOf(fresh));
    save.clearConflict();
  };

  // The availability dialog saved on the server: take its fields and the new version, keep other edits.
  const handleAvailabilityStored = (values: AvailabilitySettings, restaurant: RestaurantView) => {
    for (const key of Object.keys(values) as (keyof AvailabilitySettings)[])
      form.resetField(`options.${key}`, { defaultValue: values[key] as never });
    setMeta(metaOf(restaurant));
  };

  const title =
    mode === 'new'
      ? t('restaurant.dialog.createTitle')
      : t('restaurant.dialog.editTitle', { name: meta.name || meta.restaurant });
  return (
    <Dialog
      open
      fullScreen
      onClose={handleCloseRequest}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { display: 'flex', flexDirection: 'column' } } }}
    >
      <FormToolbar
        titleId={titleId}
        title={title}
        meta={mode === 'edit' ? meta : undefined}
        control={form.control}
        onSubmit={() => void save.submit()}
        onClose={handleCloseRequest}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box
          sx={{
            width: 240,
            flexShrink: 0,
            overflowY: 'auto',
            borderRight: 1,
            borderColor: 'divider',
            display: { xs: 'none', md: 'block' },
          }}
        >
          <SectionNav active={spy.active} onSelect={spy.scrollTo} />
        </Box>
        <Box
          ref={setContent}
          data-testid="restaurant-form-content"
          sx={{ flex: 1, overflowY: 'auto', p: { xs: 2, md: 3 } }}
        >
          {save.conflict && <ConflictAlert message={save.conflict} onReload={() => void handleReload()} />}
          {save.otherIssues.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {save.otherIssues.map((text) => (
                <div key={text}>{text}</div>
              ))}
            </Alert>
          )}
          <FormProvider {...form}>
            <RequiredFieldsProvider>
              <LockedFieldsProvider editing={mode === 'edit'}>
                <BasicDetailsSection
                  mode={mode}
                  foodcourt={meta.foodcourt}
                  clients={clients.data ?? []}
                  foodcourts={foodcourts.data ?? []}
                />
                <MenuImagesSection foodcourt={meta.foodcourt} paths={paths.data ?? []} pathsAllowed={paths.allowed} />
                <FlowsSection />
                <DeliverySection />
                <FeatureSwitchesSection />
                <ItemCountSection />
                <OrderingSection />
                <PricingSection />
                <TaxSection />
                <AvailabilitySection
                  saved={
                    meta.restaurant && meta.version ? { restaurant: meta.restaurant, version: meta.version } : undefined
                  }
                  onStored={handleAvailabilityStored}
                />
                <ServingSection />
                <ExtraSection foodcourt={meta.foodcourt} restaurant={meta.restaurant} />
                <JsonSection />
              </LockedFieldsProvider>
            </RequiredFieldsProvider>
          </FormProvider>
        </Box>
      </Box>
      <FormDirtyGuard control={form.control} dirty={dirty} />
      <ConfirmPopup
        open={confirmClose}
        type="warning"
        title={t('restaurant.dialog.closeConfirm.title')}
        primaryText={t('restaurant.dialog.closeConfirm.text')}
        positiveLabel={t('restaurant.common.yes')}
        negativeLabel={t('restaurant.common.no')}
        onPositive={() => {
          setConfirmClose(false);
          finish();
        }}
        onNegative={() => setConfirmClose(false)}
      />
    </Dialog>
  );
}
