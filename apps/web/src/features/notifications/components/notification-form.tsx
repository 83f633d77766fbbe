import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEBOUNCE_MS,
  NOTIFICATION_LIMITS,
  RESTRICTED_SEND_HOURS,
  imageManagerAction,
  notificationBody,
  notificationRegionProblems,
  type Notification as PushNotification,
  type RegionFlags,
} from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { FormCheckGroup } from '../../../components/form-check-group';
import { FieldRow, FormSection } from '../../../components/form-parts';
import { MediaChooser } from '../../../components/media';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { RadioGroupField } from '../../../components/radio-group-field';
import {
  FormDateTimeField,
  FormTextField,
  ResourceFormDialog,
  type FormRenderProps,
} from '../../../components/resource';
import { useNotify } from '../../../components/snackbar';
import { currentRegion } from '../../../lib/region';
import { describeError } from '../../../lib/server-message';
import { useUserSites } from '../../../lib/use-user-sites';
import {
  isCancellable,
  isEditable,
  notificationApi,
  useCancelSending,
  useGroupChoices,
  useTestSend,
  type NotificationInput,
  type NotificationOutput,
} from '../api';
import { localHourOf } from '../format';
import { AudienceReach } from './audience-reach';
import { RepeatFields } from './repeat-fields';
import { RunsPanel } from './runs-panel';
import { useCooldown } from './use-cooldown';

export type When = 'now' | 'schedule';
type Flags = Pick<RegionFlags, 'hideNotificationSelectAll' | 'notificationRestriction' | 'notificationRecurrence'>;

/** Whether the region lets a notification go to everyone (spec 000 §9: the select-all and restriction flags). */
export const everyoneAllowed = (flags: Flags) => !flags.hideNotificationSelectAll && !flags.notificationRestriction;

const toValues = (n: PushNotification | undefined, flags: Flags): NotificationInput => ({
  title: n?.title ?? '',
  body: n?.body ?? '',
  channels: n ? [...n.channels] : ['push', 'in_app'],
  audience: n?.audience ?? (everyoneAllowed(flags) ? 'everyone' : 'sites'),
  foodcourts: n ? [...n.foodcourts] : [],
  groups: n ? [...n.groups] : [],
  image: n?.image ?? null,
  link: n?.link ?? '',
  send_at: n?.send_at ?? null,
  recurrence: n?.recurrence ? structuredClone(n.recurrence) : null,
  status: n?.status === 'scheduled' ? 'scheduled' : 'draft',
});

/**
 * Core's notificationBody, and before a send what the region allows (core's notificationRegionProblems: no
 * repeat without the recurrence flag, no "everyone" and only 10:00–21:00 with the restriction flag); "Schedule"
 * needs its time. A draft is kept as it is.
 */
function formSchema(flags: Flags, when: () => When, unscheduled: string) {
  return notificationBody.superRefine((n, ctx) => {
    if (n.status !== 'scheduled') return;
    if (when() === 'schedule' && !n.send_at) ctx.addIssue({ code: 'custom', path: ['send_at'], message: unscheduled });
    for (const problem of notificationRegionProblems(n, flags, localHourOf))
      ctx.addIssue({ code: 'custom', path: problem.field.split('.'), message: problem.message });
  });
}

/**
 * Add or edit a notification in a drawer: what it says (title, message, image, link), on which channels, to
 * whom (everyone, sites or customer groups, with the live reach), and when (now, or at a time, repeating where the
 * region allows). Save draft keeps it; Schedule / Send now sends it (both wait 2.5 s before another click counts,
 * as Send test to me does); Cancel sending stops a scheduled one. A saved notification shows its runs.
 */
export function NotificationForm(props: FormRenderProps<PushNotification>) {
  const { row } = props;
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const flags = currentRegion().flags;
  const save = notificationApi.useSave();
  const readOnly = row !== undefined && !isEditable(row);
  const [when, setWhenState] = useState<When>(row?.send_at ? 'schedule' : 'now');
  const whenRef = useRef(when);
  const setWhen = (next: When) => {
    whenRef.current = next;
    setWhenState(next);
  };
  const [schema] = useState(() => formSchema(flags, () => whenRef.current, t('notifications.form.chooseTime')));
  const [sendCooling, startSendCooling] = useCooldown(NOTIFICATION_DEBOUNCE_MS);
  const [testCooling, startTestCooling] = useCooldown(NOTIFICATION_DEBOUNCE_MS);
  const test = useTestSend(row?.id ?? 0);
  const cancel = useCancelSending();
  const [askCancel, setAskCancel] = useState(false);

  const sendTest = () => {
    startTestCooling();
    test.mutate(undefined, {
      onSuccess: (answer) => notify({ severity: 'success', message: answer.message || t('notifications.test.done') }),
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });
  };
  const cancelSending = () => {
    setAskCancel(false);
    if (!row) return;
    cancel.mutate(row, {
      onSuccess: (answer) => {
        notify({ severity: 'success', message: answer.message || t('notifications.cancel.done') });
        props.onClose();
      },
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });
  };

  return (
    <>
      <ResourceFormDialog
        {...props}
        variant="drawer"
        width={760}
        title={
          row
            ? t(readOnly ? 'notifications.form.viewTitle' : 'notifications.form.editTitle', { title: row.title })
            : t('notifications.form.addTitle')
        }
        schema={schema}
        toValues={(n) => toValues(n, flags)}
        save={(body, version) =>
          save.mutateAsync({
            id: row?.id,
            // Only the audience chosen goes with it.
            body: {
              ...body,
              foodcourts: body.audience === 'sites' ? body.foodcourts : [],
              groups: body.audience === 'groups' ? body.groups : [],
            },
            version,
          })
        }
        submitButtons={(form, saving) => (
          <>
            {row && (
              <Button onClick={sendTest} disabled={testCooling || test.isPending}>
                {t('notifications.actions.test')}
              </Button>
            )}
            {row && isCancellable(row) && (
              <Button color="warning" onClick={() => setAskCancel(true)} disabled={cancel.isPending}>
                {t('notifications.actions.cancelSending')}
              </Button>
            )}
            {!readOnly && (
              <>
                <Button
                  type="submit"
                  variant="outlined"
                  disabled={saving}
                  onClick={() => form.setValue('status', 'draft')}
                >
                  {t('notifications.actions.saveDraft')}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={saving || sendCooling}
                  onClick={() => {
                    form.setValue('status', 'scheduled');
                    // After the click: a submit button disabled during its own click does not submit the form.
                    setTimeout(startSendCooling, 0);
                  }}
                >
                  {t(when === 'now' ? 'notifications.actions.sendNow' : 'notifications.actions.schedule')}
                </Button>
              </>
            )}
          </>
        )}
      >
        {(form) => (
          <>
            {readOnly && (
              <Alert severity="info">
                {t('notifications.form.readOnly', { status: t(`notifications.status.${row.status}`).toLowerCase() })}
              </Alert>
            )}
            {flags.notificationRestriction && (
              <Alert severity="info">
                {t('notifications.form.restricted', { from: RESTRICTED_SEND_HOURS.from, to: RESTRICTED_SEND_HOURS.to })}
              </Alert>
            )}
            {/* A native disabled fieldset: the channel boxes too cannot change a notification that is read only. */}
            <Box
              component="fieldset"
              disabled={readOnly}
              sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
            >
              <NotificationFields form={form} flags={flags} readOnly={readOnly} when={when} onWhen={setWhen} />
            </Box>
            {row && <RunsPanel id={row.id} />}
          </>
        )}
      </ResourceFormDialog>
      <ConfirmPopup
        open={askCancel}
        type="warning"
        title={t('notifications.cancel.title', { title: row?.title ?? '' })}
        primaryText={t('notifications.cancel.text')}
        positiveLabel={t('notifications.cancel.yes')}
        negativeLabel={t('notifications.cancel.no')}
        onPositive={cancelSending}
        onNegative={() => setAskCancel(false)}
      />
    </>
  );
}

type FormApi = UseFormReturn<NotificationInput, unknown, NotificationOutput>;

type FieldsProps = {
  form: FormApi;
  flags: Flags;
  readOnly: boolean;
  when: When;
  onWhen: (when: When) => void;
};

function NotificationFields({ form, flags, readOnly, when, onWhen }: FieldsProps) {
  const { t } = useTranslation();
  const { control } = form;
  const sites = useUserSites();
  const groups = useGroupChoices();
  const [audience, body, image] = useWatch({ control, name: ['audience', 'body', 'image'] });
  const audiences = [
    ...(everyoneAllowed(flags) ? [{ value: 'everyone', label: t('notifications.audience.everyone') }] : []),
    { value: 'sites', label: t('notifications.audience.sites') },
    { value: 'groups', label: t('notifications.audience.groups') },
  ];
  const chooseWhen = (next: When) => {
    onWhen(next);
    if (next === 'now') {
      form.setValue('send_at', null, { shouldDirty: true });
      form.setValue('recurrence', null, { shouldDirty: true });
    }
    form.clearErrors('send_at');
  };

  return (
    <>
      <FormSection title={t('notifications.form.message')}>
        <FormTextField
          control={control}
          name="title"
          label={t('notifications.form.title')}
          required
          autoFocus={!readOnly}
          disabled={readOnly}
          slotProps={{ htmlInput: { maxLength: NOTIFICATION_LIMITS.title } }}
        />
        <FormTextField
          control={control}
          name="body"
          label={t('notifications.form.body')}
          required
          multiline
          minRows={3}
          disabled={readOnly}
          hint={t('notifications.form.count', { count: (body ?? '').length, max: NOTIFICATION_LIMITS.body })}
          slotProps={{ htmlInput: { maxLength: NOTIFICATION_LIMITS.body } }}
        />
        <FormCheckGroup
          control={control}
          name="channels"
          label={t('notifications.form.channels')}
          values={NOTIFICATION_CHANNELS}
          optionName={(c) => t(`notifications.channel.${c}`)}
        />
        <Box>
          <MediaChooser
            id="notification-image"
            header={t('notifications.form.image')}
            guide={imageManagerAction('notifications').guide}
            action="notifications"
            disabled={readOnly}
            value={image ?? null}
            onChange={(value) =>
              form.setValue('image', (Array.isArray(value) ? value[0] : value) || null, { shouldDirty: true })
            }
          />
        </Box>
        <FormTextField
          control={control}
          name="link"
          label={t('notifications.form.link')}
          hint={t('notifications.form.linkHint')}
          disabled={readOnly}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </FormSection>

      <FormSection title={t('notifications.form.audience')}>
        <Controller
          control={control}
          name="audience"
          render={({ field, fieldState }) => (
            <RadioGroupField
              label={t('notifications.form.sendTo')}
              row
              options={audiences}
              value={field.value ?? null}
              onChange={field.onChange}
              disabled={readOnly}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        {audience === 'sites' && (
          <Controller
            control={control}
            name="foodcourts"
            render={({ field, fieldState }) => (
              <MultiSelectDropdown
                label={t('notifications.form.sites')}
                options={sites.foodcourtOptions}
                value={field.value ?? []}
                onChange={field.onChange}
                disabled={readOnly}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
        {audience === 'groups' && (
          <Controller
            control={control}
            name="groups"
            render={({ field, fieldState }) => (
              <MultiSelectDropdown
                label={t('notifications.form.groups')}
                options={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                value={(field.value ?? []).map(String)}
                onChange={(next) => field.onChange(next.map(Number))}
                disabled={readOnly}
                error={Boolean(fieldState.error) || groups.isError}
                helperText={
                  fieldState.error?.message ?? (groups.isError ? t('notifications.form.groupsFailed') : undefined)
                }
              />
            )}
          />
        )}
        <AudienceReach control={control} />
      </FormSection>

      <FormSection title={t('notifications.form.when')}>
        <Controller
          control={control}
          name="send_at"
          render={({ fieldState }) => (
            <RadioGroupField
              label={t('notifications.form.whenLabel')}
              row
              options={[
                { value: 'now', label: t('notifications.form.now') },
                { value: 'schedule', label: t('notifications.form.schedule') },
              ]}
              value={when}
              onChange={(next) => chooseWhen(next as When)}
              disabled={readOnly}
              // With Send now there is no time field: what the region refuses about now is said here.
              error={when === 'now' && Boolean(fieldState.error)}
              helperText={when === 'now' ? fieldState.error?.message : undefined}
            />
          )}
        />
        {when === 'schedule' && (
          <FieldRow>
            <FormDateTimeField
              control={control}
              name="send_at"
              label={t('notifications.form.sendAt')}
              unfinished={t('notifications.form.timeUnfinished')}
              disabled={readOnly}
            />
          </FieldRow>
        )}
        {when === 'schedule' && flags.notificationRecurrence && <RepeatFields form={form} readOnly={readOnly} />}
      </FormSection>
    </>
  );
}
