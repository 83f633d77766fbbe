import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_LIMITS, feedbackReplyBody, type FeedbackDetail } from '@cd/core';
import { describeError } from '../../../lib/server-message';
import { useReplyFeedback } from '../api';
import { formatTime } from '../format';

/** The replies of a ticket, oldest first (staff and customer), and the form to answer it. */
export function ReplyThread({ ticket }: { ticket: FeedbackDetail }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const reply = useReplyFeedback(ticket.feedback_id);
  const parsed = feedbackReplyBody.safeParse({ body: text });
  const problem = tried && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  return (
    <Box component="section" aria-label={t('feedback.detail.replies')}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('feedback.detail.replies')}
      </Typography>
      {ticket.replies.length === 0 && <Typography color="text.secondary">{t('feedback.detail.noReplies')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {ticket.replies.map((r) => (
          <Paper
            component="li"
            key={r.reply_id}
            variant="outlined"
            sx={{ p: 1.5, ml: r.author_kind === 'staff' ? 4 : 0, mr: r.author_kind === 'staff' ? 0 : 4 }}
          >
            <Typography variant="body2" color="text.secondary">
              {t(`feedback.detail.author.${r.author_kind}`, { name: r.author_name || r.author })} ·{' '}
              {formatTime(r.created_at)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.body}</Typography>
          </Paper>
        ))}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!parsed.success || reply.isPending) return;
          reply.mutate(parsed.data.body, {
            onSuccess: () => {
              setText('');
              setTried(false);
            },
          });
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}
      >
        <TextField
          label={t('feedback.detail.reply')}
          multiline
          minRows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(problem)}
          helperText={problem}
          slotProps={{ htmlInput: { maxLength: FEEDBACK_LIMITS.reply } }}
        />
        {reply.isError && <Alert severity="error">{describeError(reply.error, i18n)}</Alert>}
        <Button type="submit" variant="contained" disabled={reply.isPending} sx={{ alignSelf: 'flex-end' }}>
          {t('feedback.detail.send')}
        </Button>
      </Box>
    </Box>
  );
}
