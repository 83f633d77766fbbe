import { EXCEL_SHEET_NAME_MAX } from '../constants.js';

/**
 * Background jobs (spec 000 §2.2, §3, §4, §9): the record, its states and the panel's display rules.
 */
export const JOB_TYPES = ['upload', 'download', 'erase'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_STATUSES = ['in_progress', 'done', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The job record as the API and the event stream send it (spec 000 §3 field names, plus progress). */
export type BackgroundJob = {
  id: string;
  userid: string;
  type: JobType;
  status: JobStatus;
  /** Shown name of the file(s): the uploaded file, or the download's first file. */
  filename: string;
  /** The result file path (download) or paths (several restaurants); '' while running. */
  filepath: string | string[];
  /** For an upload that failed row checks: the error workbook's path. */
  error_file: string;
  start_ts: string;
  end_ts: string | null;
  /** What the job does, e.g. "Menu upload for Spice Route"; shown when the job ends in error. */
  title: string;
  restId: string;
  actionId: string;
  actionType: string;
  mainTitle: string;
  showTimestamp: boolean;
  progress: { done: number; total: number };
  /** Human result, e.g. "Updated 120 items" or the reason of an error. */
  message: string;
};

// Panel limits (TASK_FILENAME_MAX 27, TASK_RESTID_MAX 12, MULTI_FILE_DOWNLOAD_GAP_MS 1500) are in ../constants.ts.

/** Cuts a text to `max` characters, ending with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Task timestamp dd-MM-yyyy hh:mm a (spec 000 §9), in the viewer's local time. */
export function formatTaskTimestamp(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const h = d.getHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(h12)}:${pad(d.getMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Excel sheet names: at most 31 characters; longer ones cut to 28 plus an ellipsis (spec 000 §5). */
export function excelSheetName(name: string): string {
  const clean = name.replace(/[\\/?*[\]:]/g, ' ').trim() || 'Sheet';
  return clean.length <= EXCEL_SHEET_NAME_MAX ? clean : `${clean.slice(0, 28)}...`;
}

/** In-progress count over total, as the panel header shows it. */
export function jobCounts(jobs: Pick<BackgroundJob, 'status'>[]): { inProgress: number; total: number } {
  return { inProgress: jobs.filter((j) => j.status === 'in_progress').length, total: jobs.length };
}
