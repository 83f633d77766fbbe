export { BackgroundTasksPanel } from './background-tasks-panel';
export { JobEventsProvider, useJobEvents, type JobEventsValue, type ServerEventName } from './use-job-events';
