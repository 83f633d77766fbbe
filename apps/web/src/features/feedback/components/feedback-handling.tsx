import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATUSES, type FeedbackDetail } from '@cd/core';
import { ConflictAlert } from '../../../components/resource';
import { classifySaveFailure, type SaveFailure } from '../../../lib/save-failure';
import { useFeedbackAssignees, useUpdateFeedback, type TicketChange } from '../api';

const NOBODY = '';

/**
 * The ticket's status (open → in progress → resolved) and assignee, each saved when chosen with the version
 * shown. Someone else's change since (409) says who and when; the ticket shown is reloaded.
 */
export function FeedbackHandling({ ticket, reload }: { ticket: FeedbackDetail; reload: () => void }) {
  const { t, i18n } = useTranslation();
  const assignees = useFeedbackAssignees();
  const update = useUpdateFeedback(ticket.feedback_id);
  const [failure, setFailure] = useState<SaveFailure>();
  const change = (patch: Omit<TicketChange, 'version'>) => {
    setFailure(undefined);
    update.mutate(
      { version: ticket.version, ...patch },
      { onError: (error) => setFailure(classifySaveFailure(error, i18n, [])) },
    );
  };
  const people = assignees.data ?? [];
  const known = ticket.assignee === null || people.some((p) => p.userid === ticket.assignee);

  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('feedback.detail.handling')}
      </Typography>
      {failure?.kind === 'conflict' && (
        <ConflictAlert
          message={failure.message}
          onReload={() => {
            setFailure(undefined);
            reload();
          }}
        />
      )}
      {failure && failure.kind !== 'conflict' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure.kind === 'other' ? failure.message : failure.fields.map((f) => f.message).join(' ')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('feedback.columns.status')}
          value={ticket.status}
          disabled={update.isPending}
          onChange={(event) => change({ status: event.target.value as FeedbackDetail['status'] })}
          sx={{ minWidth: 180 }}
        >
          {FEEDBACK_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`feedback.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('feedback.columns.assignee')}
          value={ticket.assignee ?? NOBODY}
          disabled={update.isPending || assignees.isPending}
          onChange={(event) => change({ assignee: event.target.value || null })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={NOBODY}>{t('feedback.detail.unassigned')}</MenuItem>
          {!known && ticket.assignee && (
            <MenuItem value={ticket.assignee}>{ticket.assignee_name ?? ticket.assignee}</MenuItem>
          )}
          {people.map((p) => (
            <MenuItem key={p.userid} value={p.userid}>
              {p.name ? `${p.name} (${p.userid})` : p.userid}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
