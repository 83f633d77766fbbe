export { BackgroundTasksPanel } from './background-tasks-panel';
export {
  isResync,
  JobEventsProvider,
  RESYNC,
  useJobEvents,
  type JobEventsValue,
  type ServerEventName,
} from './use-job-events';
