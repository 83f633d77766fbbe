export { BackgroundTasksPanel } from './background-tasks-panel';
export { JobEventsProvider, useJobEvents, type JobEventsValue } from './use-job-events';
