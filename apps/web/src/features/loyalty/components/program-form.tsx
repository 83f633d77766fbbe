import MenuItem from '@mui/material/MenuItem';
import { Controller, get, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOYALTY_STATUSES, ORDER_CHANNELS, type LoyaltyKind, type LoyaltyProgram } from '@cd/core';
import { FormCheckGroup } from '../../../components/form-check-group';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { SiteFields } from '../../offers';
import { programApi, useCustomerGroups } from '../api';
import { programFormSchema, programValues, type ProgramFormApi } from '../program-values';
import { ExpiryField } from './expiry-field';
import { FieldRow, FormSection } from '../../../components/form-parts';
import { PointsFields } from './points-fields';
import { StampsFields } from './stamps-fields';

type Props = FormRenderProps<LoyaltyProgram> & { kind: LoyaltyKind };

/**
 * Add or edit a points program or a stamp card (the page fixes the kind) in a wide drawer: its name and status,
 * where, on which channels and for which customer groups it holds, when points expire, and how they are earned.
 * Core's loyaltyProgramBody is the form's schema, so the form refuses what the API refuses, with its messages.
 */
export function ProgramForm(props: Props) {
  const { row, kind } = props;
  const { t } = useTranslation();
  const save = programApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={900}
      title={row ? t('loyalty.form.editTitle', { name: row.name }) : t(`loyalty.form.addTitle.${kind}`)}
      schema={programFormSchema}
      toValues={(program) => programValues(kind, program)}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => <ProgramFields form={form} kind={kind} program={row} />}
    </ResourceFormDialog>
  );
}

function ProgramFields({ form, kind, program }: { form: ProgramFormApi; kind: LoyaltyKind; program?: LoyaltyProgram }) {
  const { t } = useTranslation();
  const { control } = form;
  const { errors } = useFormState({ control });
  const errorOf = (name: string) => (get(errors, name) as { message?: string } | undefined)?.message;
  const [foodcourts, restaurants] = useWatch({ control, name: ['foodcourts', 'restaurants'] });
  const groups = useCustomerGroups();
  const scope = { foodcourts: foodcourts ?? [], restaurants: restaurants ?? [] };
  return (
    <>
      <FormSection title={t('loyalty.form.general')}>
        <FormTextField
          control={control}
          name="name"
          label={t('loyalty.form.name')}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FieldRow>
          <FormTextField control={control} name="status" label={t('loyalty.form.status')} select sx={{ minWidth: 200 }}>
            {LOYALTY_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`loyalty.status.${status}`)}
              </MenuItem>
            ))}
          </FormTextField>
          {kind === 'points' && (
            <FormTextField
              control={control}
              name="points_name"
              label={t('loyalty.form.pointsName')}
              hint={t('loyalty.form.pointsNameHint')}
              slotProps={{ htmlInput: { maxLength: 30 } }}
            />
          )}
          <ExpiryField form={form} />
        </FieldRow>
      </FormSection>
      <FormSection title={t('loyalty.form.where')} hint={t('loyalty.form.whereHint')}>
        <SiteFields
          foodcourts={scope.foodcourts}
          restaurants={scope.restaurants}
          onChange={(sites) => {
            form.setValue('foodcourts', sites.foodcourts, { shouldDirty: true });
            form.setValue('restaurants', sites.restaurants, { shouldDirty: true });
          }}
          errors={{ foodcourts: errorOf('foodcourts'), restaurants: errorOf('restaurants') }}
        />
        <FormCheckGroup
          control={control}
          name="channels"
          label={t('loyalty.form.channels')}
          values={ORDER_CHANNELS}
          optionName={(c) => t(`loyalty.channel.${c}`)}
        />
        <Controller
          control={control}
          name="groups"
          render={({ field, fieldState }) => (
            <MultiSelectDropdown
              label={t('loyalty.form.groups')}
              options={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={(field.value ?? []).map(String)}
              onChange={(next) => field.onChange(next.map(Number))}
              helperText={
                fieldState.error?.message ??
                (groups.isError ? t('loyalty.form.groupsFailed') : t('loyalty.form.groupsHint'))
              }
              error={Boolean(fieldState.error)}
            />
          )}
        />
      </FormSection>
      {kind === 'points' ? (
        <PointsFields form={form} scope={scope} money={program} />
      ) : (
        <StampsFields form={form} scope={scope} />
      )}
    </>
  );
}
