import { Add as AddIcon, DeleteOutline as DeleteOutlineIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { POST_LIMITS, type NewsPost, type newsPostBody, type PollResult } from '@cd/core';
import { FormDateTimeField, FormTextField } from '../../../components/resource';
import { useLivePoll } from '../api';
import { formatCount } from '../format';

type Form = UseFormReturn<z.input<typeof newsPostBody>, unknown, z.output<typeof newsPostBody>>;

const EMPTY_POLL = { question: '', options: ['', ''], closes_at: null };

type Props = {
  form: Form;
  /** Whether the user may add or change polls (buzzfeed_polls or admin); without it an existing poll shows read only. */
  canPoll: boolean;
  /** The post edited: when it has a poll, its results show, refreshed while the dialog is open. */
  post?: NewsPost;
};

/**
 * A post's poll (fine permission buzzfeed_polls): question, 2 to 10 options (added and removed), closing time;
 * and, for a saved poll, its live results.
 */
export function PollSection({ form, canPoll, post }: Props) {
  const { t } = useTranslation();
  const { control, setValue, formState } = form;
  const poll = useWatch({ control, name: 'poll' });
  const options = poll?.options ?? [];
  const readOnly = !canPoll;
  const optionsError = formState.errors.poll?.options as { message?: string; root?: { message?: string } } | undefined;
  const listError = optionsError?.message ?? optionsError?.root?.message;

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
        {t('buzzfeed.poll.title')}
      </Typography>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('buzzfeed.poll.readOnly')}
        </Alert>
      )}
      {canPoll && (
        <FormControlLabel
          control={
            <Switch
              checked={poll != null}
              onChange={(event) => setValue('poll', event.target.checked ? EMPTY_POLL : null, { shouldDirty: true })}
            />
          }
          label={t('buzzfeed.poll.add')}
        />
      )}
      {poll != null && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
          <FormTextField
            control={control}
            name="poll.question"
            label={t('buzzfeed.poll.question')}
            required
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <Box
            role="group"
            aria-label={t('buzzfeed.poll.options')}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {options.map((_, index) => (
              <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <FormTextField
                  control={control}
                  name={`poll.options.${index}`}
                  label={t('buzzfeed.poll.option', { number: index + 1 })}
                  required
                  disabled={readOnly}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: POST_LIMITS.option } }}
                />
                {canPoll && (
                  <IconButton
                    aria-label={t('buzzfeed.poll.removeOption', { number: index + 1 })}
                    disabled={options.length <= 2}
                    onClick={() =>
                      setValue(
                        'poll.options',
                        options.filter((__, i) => i !== index),
                        { shouldDirty: true },
                      )
                    }
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                )}
              </Box>
            ))}
            {listError && <FormHelperText error>{listError}</FormHelperText>}
            {canPoll && (
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  disabled={options.length >= POST_LIMITS.options}
                  onClick={() => setValue('poll.options', [...options, ''], { shouldDirty: true })}
                >
                  {t('buzzfeed.poll.addOption')}
                </Button>
              </Box>
            )}
          </Box>
          <FormDateTimeField
            control={control}
            name="poll.closes_at"
            label={t('buzzfeed.poll.closesAt')}
            hint={t('buzzfeed.poll.closesAtHint')}
            unfinished={t('buzzfeed.form.timeInvalid')}
            disabled={readOnly}
          />
        </Box>
      )}
      {post?.poll && <LiveResults post={post} />}
    </Box>
  );
}

/** The saved poll's votes per option with a bar and the total, asked for again every 5 s. */
function LiveResults({ post }: { post: NewsPost }) {
  const { t } = useTranslation();
  const postId = post.id;
  const live = useLivePoll(postId, post);
  const poll: PollResult | null | undefined = live.data;
  if (!poll) return null;
  const headingId = `poll-results-${postId}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {t('buzzfeed.results.title')}
        </Typography>
        {poll.closed && <Chip size="small" label={t('buzzfeed.results.closed')} />}
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} role="status">
          {t('buzzfeed.results.total', { count: poll.votes, formatted: formatCount(poll.votes) })}
        </Typography>
      </Box>
      {poll.options.map((option) => {
        const share = poll.votes ? Math.round((option.votes / poll.votes) * 100) : 0;
        const label = t('buzzfeed.results.option', {
          text: option.text,
          count: option.votes,
          formatted: formatCount(option.votes),
          share,
        });
        return (
          <Box key={option.index} sx={{ mb: 1 }} aria-label={label} role="group">
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">{option.text}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('buzzfeed.results.votes', { count: option.votes, formatted: formatCount(option.votes), share })}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={share}
              aria-label={label}
              sx={{ height: 8, borderRadius: 1 }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
