import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GENERAL_MEDIA_GUIDE, POST_LIMITS, POST_STATUSES, newsPostBody, type NewsPost } from '@cd/core';
import { MultiSelectDropdown } from '../../../components';
import { MediaChooser } from '../../../components/media';
import {
  FormDateTimeField,
  FormTextField,
  ResourceFormDialog,
  type FormRenderProps,
} from '../../../components/resource';
import { useUserSites } from '../../../lib/use-user-sites';
import { newsPostApi } from '../api';
import { useCanPoll } from '../permissions';
import { PollSection } from './poll-section';

type Values = z.input<typeof newsPostBody>;
type Form = UseFormReturn<Values, unknown, z.output<typeof newsPostBody>>;

/** The news feed's own library in the image manager (IMAGE_MANAGER_ACTIONS.buzzfeed). */
const MEDIA_ACTION = 'buzzfeed';
const MEDIA_VALUE = 'posts';

const toValues = (post?: NewsPost): Values => ({
  title: post?.title ?? '',
  body: post?.body ?? '',
  foodcourts: post?.foodcourts ?? [],
  media: post?.media ?? [],
  link: post?.link ?? '',
  pinned: post?.pinned ?? false,
  status: post?.status ?? 'draft',
  publish_at: post?.publish_at ?? null,
  expires_at: post?.expires_at ?? null,
  // The saved poll as it was asked; its votes show beside it.
  poll: post?.poll
    ? { question: post.poll.question, options: post.poll.options.map((o) => o.text), closes_at: post.poll.closes_at }
    : null,
});

/**
 * Add or edit a news post (core's newsPostBody): title, text, sites (none: every site), up to 10 images or videos
 * from the buzzfeed library, a link, pinned, draft or published with an optional publish and expiry time, and a
 * poll for holders of buzzfeed_polls, whose live results show while the post is open.
 */
export function PostForm(props: FormRenderProps<NewsPost>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = newsPostApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={760}
      title={row ? t('buzzfeed.editTitle', { title: row.title }) : t('buzzfeed.addTitle')}
      schema={newsPostBody}
      toValues={toValues}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => <PostFields form={form} row={row} />}
    </ResourceFormDialog>
  );
}

function PostFields({ form, row }: { form: Form; row?: NewsPost }) {
  const { t } = useTranslation();
  const { control } = form;
  const sites = useUserSites();
  const canPoll = useCanPoll();
  const body = useWatch({ control, name: 'body' }) ?? '';
  const hasPoll = useWatch({ control, name: 'poll' }) != null;
  return (
    <>
      <FormTextField
        control={control}
        name="title"
        label={t('buzzfeed.form.title')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: POST_LIMITS.title } }}
      />
      <FormTextField
        control={control}
        name="body"
        label={t('buzzfeed.form.body')}
        multiline
        minRows={5}
        hint={t('buzzfeed.form.bodyCount', { count: body.length, max: POST_LIMITS.body })}
        slotProps={{ htmlInput: { maxLength: POST_LIMITS.body } }}
      />
      <Controller
        control={control}
        name="foodcourts"
        render={({ field, fieldState }) => (
          <MultiSelectDropdown
            label={t('buzzfeed.form.sites')}
            options={sites.foodcourtOptions}
            value={field.value ?? []}
            onChange={field.onChange}
            selectAll
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? t('buzzfeed.form.sitesHint')}
          />
        )}
      />
      <Controller
        control={control}
        name="media"
        render={({ field, fieldState }) => (
          <Box>
            <MediaChooser
              id="news-post-media"
              header={t('buzzfeed.form.media', { max: POST_LIMITS.media })}
              guide={GENERAL_MEDIA_GUIDE}
              action={MEDIA_ACTION}
              actionValue={MEDIA_VALUE}
              multiSelect
              value={field.value ?? []}
              onChange={(value) => field.onChange(Array.isArray(value) ? value : value ? [value] : [])}
            />
            {fieldState.error && (
              <FormHelperText error>
                {fieldState.error.message ?? fieldState.error.root?.message ?? t('buzzfeed.form.mediaInvalid')}
              </FormHelperText>
            )}
          </Box>
        )}
      />
      <FormTextField
        control={control}
        name="link"
        label={t('buzzfeed.form.link')}
        hint={t('buzzfeed.form.linkHint')}
        slotProps={{ htmlInput: { maxLength: 2000, inputMode: 'url' } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', '& > *': { flex: '1 1 200px' } }}>
        <FormTextField control={control} name="status" select label={t('buzzfeed.form.status')} required>
          {POST_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`buzzfeed.status.${status}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <Controller
          control={control}
          name="pinned"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
              }
              label={t('buzzfeed.form.pinned')}
            />
          )}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 240px' } }}>
        <FormDateTimeField
          control={control}
          name="publish_at"
          label={t('buzzfeed.form.publishAt')}
          hint={t('buzzfeed.form.publishAtHint')}
          unfinished={t('buzzfeed.form.timeInvalid')}
        />
        <FormDateTimeField
          control={control}
          name="expires_at"
          label={t('buzzfeed.form.expiresAt')}
          hint={t('buzzfeed.form.expiresAtHint')}
          unfinished={t('buzzfeed.form.timeInvalid')}
        />
      </Box>
      {(canPoll || hasPoll) && <PollSection form={form} canPoll={canPoll} post={row} />}
    </>
  );
}
