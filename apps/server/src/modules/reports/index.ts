export { reportsRoutes } from './reports.routes.js';
export { reportScheduleRoutes, ReportScheduler, createReportMailer } from './report-schedules.js';
export { reportEmbedRoutes } from './report-embeds.js';
export { builtFrameOrigins, FrameSources } from './frame-sources.js';
export { compactRollups, orderContribution, refundContribution, rebuildRollups, startCompaction } from './rollups.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** Sends the scheduled reports that are due (started in job-running processes). */
    reportScheduler: import('./report-schedules.js').ReportScheduler;
  }
}
