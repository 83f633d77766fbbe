import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  Close as CloseIcon,
  CloudDownloadOutlined as CloudDownloadOutlinedIcon,
  CloudUploadOutlined as CloudUploadOutlinedIcon,
  DeleteSweepOutlined as DeleteSweepOutlinedIcon,
} from '../../components/icons';
import { useTranslation } from 'react-i18next';
import {
  TASK_FILENAME_MAX,
  TASK_RESTID_MAX,
  formatTaskTimestamp,
  truncateText,
  type BackgroundJob,
  type JobType,
} from '@cd/core';
import { jobFileUrl } from './api';
import { baseName, jobFiles } from './job-store';

const icons: Record<JobType, typeof CloudUploadOutlinedIcon> = {
  upload: CloudUploadOutlinedIcon,
  download: CloudDownloadOutlinedIcon,
  erase: DeleteSweepOutlinedIcon,
};

/** A text cut to `max` characters, the whole of it in a tooltip when cut (spec 000 §9). */
function Cut({ text, max, testId }: { text: string; max: number; testId: string }) {
  const shown = truncateText(text, max);
  const span = (
    <Typography component="span" variant="caption" color="text.secondary" data-testid={testId} noWrap>
      {shown}
    </Typography>
  );
  return shown === text ? span : <Tooltip title={text}>{span}</Tooltip>;
}

function Progress({ job }: { job: BackgroundJob }) {
  const { t } = useTranslation();
  const { done, total } = job.progress;
  const label = t('backgroundTasks.progressLabel', { title: job.mainTitle || job.title });
  if (total <= 0) return <LinearProgress aria-label={label} sx={{ mt: 0.5 }} />;
  const value = Math.min(100, Math.round((done / total) * 100));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
      <LinearProgress variant="determinate" value={value} aria-label={label} sx={{ flexGrow: 1 }} />
      <Typography variant="caption" color="text.secondary" data-testid="task-progress">
        {t('backgroundTasks.progress', { done, total })}
      </Typography>
    </Box>
  );
}

/** What a finished job shows (spec 000 §4). */
function Outcome({ job }: { job: BackgroundJob }) {
  const { t } = useTranslation();
  if (job.status === 'error') {
    return (
      <Typography variant="body2" color="error" data-testid="task-outcome">
        {t('backgroundTasks.failed', { title: job.title })}
        {job.message ? ` — ${job.message}` : ''}
      </Typography>
    );
  }
  if (job.type === 'download') {
    return (
      <Box data-testid="task-outcome" sx={{ display: 'flex', flexDirection: 'column' }}>
        {jobFiles(job).map((path, index) => (
          <Link key={path} href={jobFileUrl(job.id, index)} download variant="body2">
            {t('backgroundTasks.downloadFile', { name: truncateText(baseName(path), TASK_FILENAME_MAX) })}
          </Link>
        ))}
      </Box>
    );
  }
  if (job.type === 'erase') {
    return (
      <Typography variant="body2" color="success.main" data-testid="task-outcome">
        {t('backgroundTasks.completed')}
      </Typography>
    );
  }
  if (job.error_file) {
    return (
      <Box data-testid="task-outcome">
        <Typography variant="body2" color="error">
          {t('backgroundTasks.uploadFailed')}
          {job.message ? ` — ${job.message}` : ''}
        </Typography>
        <Link href={jobFileUrl(job.id, 0, 'error')} download variant="body2">
          {t('backgroundTasks.downloadErrorFile')}
        </Link>
      </Box>
    );
  }
  // What the task did, in its words (issue 35): a menu clone is not an upload.
  const succeeded = job.actionType
    ? t(`backgroundTasks.succeeded.${job.actionType}`, { defaultValue: t('backgroundTasks.uploadSucceeded') })
    : t('backgroundTasks.uploadSucceeded');
  return (
    <Typography variant="body2" color="success.main" data-testid="task-outcome">
      {succeeded}
      {job.message ? ` — ${job.message}` : ''}
    </Typography>
  );
}

type Props = {
  job: BackgroundJob;
  /** The job's restaurant by name, when the user's restaurants know it. */
  restaurantName?: string;
  onDismiss: (job: BackgroundJob) => void;
  dismissing: boolean;
};

/** One task: type icon, title, file name, restaurant (by name), time, then its progress or its outcome. */
export function TaskRow({ job, restaurantName, onDismiss, dismissing }: Props) {
  const { t } = useTranslation();
  const Icon = icons[job.type];
  const title = job.mainTitle || job.title;
  const running = job.status === 'in_progress';
  return (
    <Box
      component="li"
      aria-label={title}
      data-status={job.status}
      sx={{ display: 'flex', gap: 1, px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Icon fontSize="small" color="action" titleAccess={t(`backgroundTasks.type.${job.type}`)} sx={{ mt: 0.25 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          {job.filename && <Cut text={job.filename} max={TASK_FILENAME_MAX} testId="task-filename" />}
          {job.restId &&
            (restaurantName ? (
              // Issue 21: the restaurant by its name; its id in the tooltip.
              <Tooltip title={job.restId}>
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  data-testid="task-restaurant"
                  noWrap
                >
                  {restaurantName}
                </Typography>
              </Tooltip>
            ) : (
              <Cut text={job.restId} max={TASK_RESTID_MAX} testId="task-restid" />
            ))}
          {job.showTimestamp && (
            <Typography component="span" variant="caption" color="text.secondary" data-testid="task-time">
              {formatTaskTimestamp(job.start_ts)}
            </Typography>
          )}
        </Box>
        {running ? <Progress job={job} /> : <Outcome job={job} />}
      </Box>
      {!running && (
        <Tooltip title={t('backgroundTasks.dismiss')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('backgroundTasks.dismissTask', { title })}
              disabled={dismissing}
              onClick={() => onDismiss(job)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}
