import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackSummary } from '@cd/core';
import {
  ChoiceFilter,
  DateRangeFilter,
  ResourceListPage,
  SiteFilter,
  type ResourceColumn,
} from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { feedbackApi, feedbackUrl, RATINGS } from '../api';
import { FeedbackDetailDrawer } from '../components/feedback-detail';
import { formatTime, stars } from '../format';

/**
 * /feedback (page feedback; spec 000 §2.3, §3, §7 feedbacklist): customer feedback and support tickets of the
 * user's sites, newest first, by site, status, type, category, rating, negative only, day received and text; a
 * ticket at `?view=<id>` with its thread, a reply form, its status and assignee.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const url = useUrlState(feedbackUrl);
  const { state, update } = url;
  const filter = (patch: Parameters<typeof update>[0]) => update({ ...patch, page: undefined });
  const columns: ResourceColumn<FeedbackSummary>[] = [
    { id: 'created_at', header: t('feedback.columns.received'), sortable: true, cell: (f) => formatTime(f.created_at) },
    {
      id: 'type',
      header: t('feedback.columns.type'),
      primary: true,
      cell: (f) => `${t(`feedback.type.${f.type}`)} · ${t(`feedback.category.${f.category}`)}`,
    },
    {
      id: 'rating',
      header: t('feedback.columns.rating'),
      sortable: true,
      cell: (f) => (
        <Box sx={{ color: f.negative ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>{stars(f.rating)}</Box>
      ),
    },
    {
      id: 'status',
      header: t('feedback.columns.status'),
      sortable: true,
      primary: true,
      cell: (f) => <Chip size="small" label={t(`feedback.status.${f.status}`)} />,
    },
    {
      id: 'restaurant',
      header: t('feedback.columns.site'),
      sortable: true,
      cell: (f) => f.restaurant_name ?? f.foodcourt_name,
    },
    { id: 'order', header: t('feedback.columns.order'), cell: (f) => f.order_number ?? '—' },
    {
      id: 'comment',
      header: t('feedback.columns.comment'),
      cell: (f) => (
        <Box sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {f.comment || '—'}
        </Box>
      ),
    },
    { id: 'assignee', header: t('feedback.columns.assignee'), cell: (f) => f.assignee_name ?? f.assignee ?? '—' },
    { id: 'replies', header: t('feedback.columns.replies'), align: 'right', cell: (f) => f.reply_count },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('feedback.title')}
        intro={t('feedback.intro')}
        api={feedbackApi}
        url={url}
        columns={columns}
        listLabel={t('feedback.listLabel')}
        rowName={(f) => `#${f.feedback_id}`}
        searchLabel={t('feedback.search')}
        filters={
          <>
            <SiteFilter foodcourt={state.foodcourt} restaurant={state.restaurant} onChange={filter} />
            <ChoiceFilter
              label={t('feedback.columns.status')}
              value={state.status}
              values={FEEDBACK_STATUSES}
              name={(v) => t(`feedback.status.${v}`)}
              onChange={(status) => filter({ status })}
            />
            <ChoiceFilter
              label={t('feedback.columns.type')}
              value={state.type}
              values={FEEDBACK_TYPES}
              name={(v) => t(`feedback.type.${v}`)}
              onChange={(type) => filter({ type })}
            />
            <ChoiceFilter
              label={t('feedback.columns.category')}
              value={state.category}
              values={FEEDBACK_CATEGORIES}
              name={(v) => t(`feedback.category.${v}`)}
              onChange={(category) => filter({ category })}
            />
            <ChoiceFilter
              label={t('feedback.columns.rating')}
              value={state.rating}
              values={RATINGS}
              name={(v) => stars(Number(v))}
              onChange={(rating) => filter({ rating })}
              minWidth={120}
            />
            <FormControlLabel
              label={t('feedback.negativeOnly')}
              control={
                <Switch
                  checked={state.negative === 'true'}
                  onChange={(event) => filter({ negative: event.target.checked ? 'true' : undefined })}
                />
              }
            />
            <DateRangeFilter from={state.from} to={state.to} onChange={filter} />
          </>
        }
        empty={t('feedback.empty')}
        exportable={false}
        canEdit={() => false}
        renderForm={() => null}
        detail={{
          label: (f) => t('feedback.open', { id: f.feedback_id }),
          render: ({ id, onClose }) => <FeedbackDetailDrawer id={id} onClose={onClose} />,
        }}
      />
    </Box>
  );
}
