import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CAMPAIGN_CHANNELS, CAMPAIGN_LIMITS, campaignBody, type Campaign } from '@cd/core';
import {
  FormDateTimeField,
  FormNumberField,
  FormTextField,
  ResourceFormDialog,
  type FormRenderProps,
} from '../../../components/resource';
import { campaignApi, isEditable, useGroupChoices, useOfferChoices } from '../api';

type Values = z.input<typeof campaignBody>;
type Form = UseFormReturn<Values, unknown, z.output<typeof campaignBody>>;

const toValues = (campaign?: Campaign): Values => ({
  name: campaign?.name ?? '',
  channel: campaign?.channel ?? 'push',
  // 0 is no group: core's schema says "Choose the group".
  group_id: campaign?.group_id ?? 0,
  offer_id: campaign?.offer_id ?? null,
  subject: campaign?.subject ?? '',
  message: campaign?.message ?? '',
  send_at: campaign?.send_at ?? null,
  control_pct: campaign?.control_pct ?? 10,
});

/**
 * Add or edit a campaign (core's campaignBody, the API's own rules: an e-mail needs a subject, the message is
 * at most 1000 characters, the control group at most 50%). No send time keeps it a draft. A campaign no
 * longer draft or scheduled opens read only.
 */
export function CampaignForm(props: FormRenderProps<Campaign>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = campaignApi.useSave();
  const groups = useGroupChoices();
  const offers = useOfferChoices();
  const readOnly = row !== undefined && !isEditable(row);
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={720}
      title={
        row ? t(readOnly ? 'campaigns.viewTitle' : 'campaigns.editTitle', { name: row.name }) : t('campaigns.addTitle')
      }
      schema={campaignBody}
      toValues={toValues}
      saveDisabled={readOnly || groups.isLoading}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => (
        <>
          {readOnly && (
            <Alert severity="info">
              {t('campaigns.readOnly', { status: t(`campaigns.status.${row.status}`).toLowerCase() })}
            </Alert>
          )}
          <CampaignFields form={form} row={row} readOnly={readOnly} groups={groups} offers={offers} />
        </>
      )}
    </ResourceFormDialog>
  );
}

type FieldsProps = {
  form: Form;
  row?: Campaign;
  readOnly: boolean;
  groups: ReturnType<typeof useGroupChoices>;
  offers: ReturnType<typeof useOfferChoices>;
};

function CampaignFields({ form, row, readOnly, groups, offers }: FieldsProps) {
  const { t } = useTranslation();
  const { control } = form;
  const channel = useWatch({ control, name: 'channel' });
  const message = useWatch({ control, name: 'message' }) ?? '';
  // The campaign's own group and offer stay choosable even when the lists no longer hold them.
  const groupChoices = [...(groups.data ?? [])].map((g) => ({
    id: g.id,
    label: t('campaigns.form.groupOption', { name: g.name, count: g.member_count }),
  }));
  if (row && !groupChoices.some((g) => g.id === row.group_id))
    groupChoices.unshift({ id: row.group_id, label: row.group_name });
  const offerChoices = (offers.data ?? []).map((o) => ({ id: o.id, label: o.name }));
  if (row?.offer_id && !offerChoices.some((o) => o.id === row.offer_id))
    offerChoices.unshift({ id: row.offer_id, label: row.offer_name ?? String(row.offer_id) });

  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={t('campaigns.form.name')}
        required
        autoFocus={!readOnly}
        disabled={readOnly}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 200px' } }}>
        <FormTextField
          control={control}
          name="channel"
          label={t('campaigns.form.channel')}
          select
          required
          disabled={readOnly}
        >
          {CAMPAIGN_CHANNELS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`campaigns.channel.${c}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <Controller
          control={control}
          name="group_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              label={t('campaigns.form.group')}
              value={field.value ? String(field.value) : ''}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={readOnly}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? (groups.isLoading ? t('campaigns.form.loading') : undefined)}
            >
              {groupChoices.map((g) => (
                <MenuItem key={g.id} value={String(g.id)}>
                  {g.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Controller
        control={control}
        name="offer_id"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('campaigns.form.offer')}
            value={field.value ? String(field.value) : ''}
            onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={readOnly}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? t('campaigns.form.offerHint')}
          >
            <MenuItem value="">{t('campaigns.form.noOffer')}</MenuItem>
            {offerChoices.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="subject"
        label={t('campaigns.form.subject')}
        required={channel === 'email'}
        disabled={readOnly}
        hint={channel === 'email' ? undefined : t('campaigns.form.subjectHint')}
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.subject } }}
      />
      <FormTextField
        control={control}
        name="message"
        label={t('campaigns.form.message')}
        required
        multiline
        minRows={4}
        disabled={readOnly}
        hint={t('campaigns.form.messageCount', { count: message.length, max: CAMPAIGN_LIMITS.message })}
        slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.message } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 240px' } }}>
        <FormDateTimeField
          control={control}
          name="send_at"
          label={t('campaigns.form.sendAt')}
          unfinished={t('campaigns.form.sendAtInvalid')}
          disabled={readOnly}
        />
        <FormNumberField
          control={control}
          name="control_pct"
          label={t('campaigns.form.controlPct')}
          hint={t('campaigns.form.controlHint')}
          whole
          refuseEmpty
          disabled={readOnly}
          required
          slotProps={{ htmlInput: { min: 0, max: CAMPAIGN_LIMITS.controlPct } }}
        />
      </Box>
    </>
  );
}
