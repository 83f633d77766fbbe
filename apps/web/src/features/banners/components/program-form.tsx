import { useState } from 'react';
import { SlideshowOutlined as SlideshowIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BANNER_CHANNELS, BANNER_SLOTS, BANNER_STATUSES, bannerProgramBody, type BannerProgram } from '@cd/core';
import { CheckGroup } from '../../../components/check-group';
import { FieldRow, FormSection } from '../../../components/form-parts';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import {
  FormDateTimeField,
  FormNumberField,
  FormTextField,
  ResourceFormDialog,
  type FormRenderProps,
} from '../../../components/resource';
import { useUserSites } from '../../../lib/use-user-sites';
import { bannerProgramApi } from '../api';
import { programValues, type ProgramFormApi } from '../program-values';
import { BannerPreview } from './banner-preview';
import { BannerRows } from './banner-rows';

type Props = FormRenderProps<BannerProgram> & { readOnly: boolean };

/**
 * Add or edit a banner program in a wide drawer: its name, slot, sites, channels, status, window and priority,
 * and its banners in order; Preview shows them in the slot's shape. Core's bannerProgramBody is the schema, so
 * the form refuses what the API refuses, with its messages. Without banner_editProgramAccess it opens read only
 * (the fields are off, Save is off) and Preview still works.
 */
export function ProgramForm(props: Props) {
  const { row, readOnly } = props;
  const { t } = useTranslation();
  const save = bannerProgramApi.useSave();
  const title = row
    ? t(readOnly ? 'banners.form.viewTitle' : 'banners.form.editTitle', { name: row.name })
    : t('banners.form.addTitle');
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={960}
      title={title}
      schema={bannerProgramBody}
      toValues={programValues}
      saveDisabled={readOnly}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => (
        <>
          {readOnly && <Alert severity="info">{t('banners.readOnly')}</Alert>}
          <ProgramFields form={form} readOnly={readOnly} />
        </>
      )}
    </ResourceFormDialog>
  );
}

function ProgramFields({ form, readOnly }: { form: ProgramFormApi; readOnly: boolean }) {
  const { t } = useTranslation();
  const { control } = form;
  const sites = useUserSites();
  const [previewing, setPreviewing] = useState(false);
  const [name, slot, banners] = useWatch({ control, name: ['name', 'slot', 'banners'] });
  return (
    <>
      <FormSection title={t('banners.form.general')}>
        <FormTextField
          control={control}
          name="name"
          label={t('banners.form.name')}
          required
          autoFocus={!readOnly}
          disabled={readOnly}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FieldRow>
          <FormTextField
            control={control}
            name="slot"
            label={t('banners.form.slot')}
            select
            disabled={readOnly}
            hint={t('banners.form.slotHint')}
            sx={{ minWidth: 200 }}
          >
            {BANNER_SLOTS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`banners.slot.${s}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="status"
            label={t('banners.form.status')}
            select
            disabled={readOnly}
            sx={{ minWidth: 160 }}
          >
            {BANNER_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`banners.status.${s}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormNumberField
            control={control}
            name="priority"
            label={t('banners.form.priority')}
            hint={t('banners.form.priorityHint')}
            whole
            disabled={readOnly}
            sx={{ maxWidth: 200 }}
          />
        </FieldRow>
      </FormSection>
      <FormSection title={t('banners.form.where')}>
        <Controller
          control={control}
          name="foodcourts"
          render={({ field, fieldState }) => {
            const value = field.value ?? [];
            const options = [
              ...sites.foodcourtOptions,
              ...value
                .filter((id) => !sites.foodcourtOptions.some((o) => o.value === id))
                .map((id) => ({ value: id, label: sites.nameOf(id) })),
            ];
            return (
              <MultiSelectDropdown
                label={t('banners.form.sites')}
                options={options}
                value={value}
                onChange={field.onChange}
                disabled={readOnly}
                helperText={fieldState.error?.message ?? t('banners.form.sitesHint')}
                error={Boolean(fieldState.error)}
              />
            );
          }}
        />
        <Controller
          control={control}
          name="channels"
          render={({ field, fieldState }) => (
            <CheckGroup
              label={t('banners.form.channels')}
              values={BANNER_CHANNELS}
              name={(c) => t(`banners.channel.${c}`)}
              checked={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={readOnly}
            />
          )}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 240px' } }}>
          <FormDateTimeField
            control={control}
            name="starts_at"
            label={t('banners.form.startsAt')}
            unfinished={t('banners.form.unfinished')}
            disabled={readOnly}
          />
          <FormDateTimeField
            control={control}
            name="ends_at"
            label={t('banners.form.endsAt')}
            unfinished={t('banners.form.unfinished')}
            disabled={readOnly}
          />
        </Box>
      </FormSection>
      <FormSection title={t('banners.form.banners')} hint={t('banners.form.bannersHint')}>
        <Box>
          <Button variant="outlined" startIcon={<SlideshowIcon />} onClick={() => setPreviewing(true)}>
            {t('banners.form.preview')}
          </Button>
        </Box>
        <BannerRows form={form} readOnly={readOnly} />
      </FormSection>
      {previewing && (
        <BannerPreview
          open
          onClose={() => setPreviewing(false)}
          name={name ?? ''}
          slot={slot ?? 'app_home'}
          banners={(banners ?? []).filter((b) => b?.media)}
        />
      )}
    </>
  );
}
