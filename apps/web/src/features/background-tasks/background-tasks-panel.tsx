import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ExpandLess as ExpandLessIcon, ExpandMore as ExpandMoreIcon } from '../../components/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { jobCounts, type BackgroundJob, type LocationNode } from '@cd/core';
import { useNotify } from '../../components/snackbar';
import { visuallyHidden } from '../../components/visually-hidden';
import { useLoginState } from '../../lib/login-state';
import { restaurantNameIn } from '../../lib/restaurant-choices';
import { describeError } from '../../lib/server-message';
import { localStore } from '../../lib/storage';
import { dismissJob } from './api';
import { TaskRow } from './task-row';
import { useJobEvents } from './use-job-events';

/** Whether the panel is open, kept across reloads (issue 21: it must not forget being collapsed). */
const OPEN_KEY = 'cd.tasksPanelOpen';

/**
 * The background-tasks panel (spec 000 §2.2, §4): a card floating at the bottom right that collapses to its
 * header ("Background tasks · 1 in progress / 3"). Hidden when there are no jobs. It stays as the user left it;
 * it opens by itself only when a task of this session starts or finishes — not for the tasks found on load.
 * Mounted at the end of the page column, it leaves a space as tall as itself there, so every page action can be
 * scrolled clear of it.
 */
export function BackgroundTasksPanel() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { jobs, loaded, remove } = useJobEvents();
  const [open, setOpenState] = useState(() => localStore.get<boolean>(OPEN_KEY) === true);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    localStore.set(OPEN_KEY, next);
  };
  const { inProgress, total } = jobCounts(jobs);
  // Looked up only for the jobs shown: the panel is part of every start, most of them with no job.
  const sites = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  const restaurantName = (id: string) => restaurantNameIn(sites, id);

  // The status of each job when last seen; null until the first list arrives (what it holds is not news).
  const seen = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const before = seen.current;
    seen.current = new Map(jobs.map((job) => [job.id, job.status]));
    if (!before) return;
    const changed = jobs.some((job) => before.get(job.id) !== job.status);
    if (changed) {
      setOpenState(true);
      localStore.set(OPEN_KEY, true);
    }
  }, [jobs, loaded]);

  const dismiss = useMutation({
    mutationFn: (job: BackgroundJob) => dismissJob(job),
    onSuccess: (_answer, job) => remove(job.id),
    onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
  });
  const finished = jobs.filter((job) => job.status !== 'in_progress');
  const dismissAll = useMutation({
    mutationFn: async () => {
      for (const job of finished) {
        await dismissJob(job);
        remove(job.id);
      }
    },
    onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
  });

  const card = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  const shown = total > 0;
  useLayoutEffect(() => {
    const element = card.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (!shown) return null;
  return (
    <>
      <Box aria-hidden data-testid="task-panel-space" sx={{ height: height + 16 }} />
      <Paper
        ref={card}
        component="section"
        aria-label={t('backgroundTasks.title')}
        elevation={6}
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          width: open ? { xs: 'calc(100vw - 32px)', sm: 360 } : 'auto',
          zIndex: (theme) => theme.zIndex.speedDial,
          overflow: 'hidden',
        }}
      >
        {/* The toggle is an icon button of its own: a whole-bar button named "Hide background tasks" while it shows
            "Background tasks 1 in progress / 2" would have a name that is not its visible text (WCAG 2.5.3). */}
        <Box sx={{ width: '100%', display: 'flex', alignItems: 'center', gap: 1, pl: 1.5, pr: 0.5, py: 0.5 }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
            {t('backgroundTasks.title')}
          </Typography>
          <Chip
            size="small"
            color={inProgress > 0 ? 'primary' : 'default'}
            label={
              <>
                <span aria-hidden data-testid="task-counts">
                  {t('backgroundTasks.counts', { inProgress, total })}
                </span>
                <Box component="span" sx={visuallyHidden}>
                  {t('backgroundTasks.countsLabel', { inProgress, total })}
                </Box>
              </>
            }
          />
          <Box sx={{ flexGrow: 1 }} />
          <IconButton
            size="small"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-label={t(open ? 'backgroundTasks.collapse' : 'backgroundTasks.expand')}
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
          </IconButton>
        </Box>
        <Collapse in={open} unmountOnExit>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 'min(30vh, 320px)', overflowY: 'auto' }}>
            {jobs.map((job) => (
              <TaskRow
                key={job.id}
                job={job}
                restaurantName={job.restId ? restaurantName(job.restId) : undefined}
                onDismiss={(target) => dismiss.mutate(target)}
                dismissing={dismiss.isPending && dismiss.variables?.id === job.id}
              />
            ))}
          </Box>
          {finished.length > 1 && (
            <Box
              sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}
            >
              <Button size="small" onClick={() => dismissAll.mutate()} disabled={dismissAll.isPending}>
                {t('backgroundTasks.dismissAllFinished', { count: finished.length })}
              </Button>
            </Box>
          )}
        </Collapse>
      </Paper>
    </>
  );
}
