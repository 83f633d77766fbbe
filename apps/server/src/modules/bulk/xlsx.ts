import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { BulkCell } from '@cd/core';
import type { XlsxWorkerInput, XlsxWorkerOutcome } from './xlsx-worker.js';
import { WORKBOOK_LIMITS, WorkbookRefused, type WorkbookLimits } from './xlsx-reader.js';

export { readZipDirectory, WORKBOOK_LIMITS, WorkbookRefused } from './xlsx-reader.js';

/** exceljs streaming writer, with the options every bulk file uses; reading is ours (xlsx-reader.ts). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A streaming workbook writer on a file or a stream; no shared strings (rows are flushed as they are written). */
export function workbookWriter(target: string | NodeJS.WritableStream) {
  return new ExcelJS.stream.xlsx.WorkbookWriter({
    ...(typeof target === 'string' ? { filename: target } : { stream: target as never }),
    useStyles: true,
    useSharedStrings: false,
  });
}

/** True when the file starts like a zip archive (every .xlsx does). */
export async function looksLikeXlsx(file: string): Promise<boolean> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await fd.read(head, 0, 4, 0);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } finally {
    await fd.close();
  }
}

/** The heap a workbook reader may use (its worker's old generation); a workbook needing more fails its job. */
export const READER_HEAP_MB = 128;

/** The reader's worker: the bundle's own file, or the TypeScript source through tsx (tests, npm run dev). */
function workerEntry(): { script: string; extra: Record<string, string> } {
  const bundled = path.join(import.meta.dirname, 'xlsx-worker.js');
  if (fs.existsSync(bundled)) return { script: bundled, extra: {} };
  return {
    script: path.resolve(import.meta.dirname, '../../lib/ts-worker.mjs'),
    extra: { tsEntry: path.join(import.meta.dirname, 'xlsx-worker.ts') },
  };
}

/**
 * Unpacks the first worksheet of a workbook to `out` (NDJSON, one `[rowNumber, cells]` per line) in a worker
 * thread with its own heap limit, so that a workbook that needs too much memory fails alone, never the server.
 * Rejects with WorkbookRefused (a message for the user) when the workbook breaks a limit, is not a workbook,
 * or ran its reader out of memory.
 */
export async function unpackWorkbook(
  file: string,
  out: string,
  options: { heapMb?: number; limits?: WorkbookLimits } = {},
): Promise<{ rows: number }> {
  const heapMb = options.heapMb ?? READER_HEAP_MB;
  const { script, extra } = workerEntry();
  const input: XlsxWorkerInput = { file, out, limits: options.limits ?? WORKBOOK_LIMITS };
  const worker = new Worker(script, {
    workerData: { ...input, ...extra },
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: Math.max(2, Math.min(16, Math.floor(heapMb / 8))),
      stackSizeMb: 4,
    },
    stdout: false,
    stderr: false,
  });
  return new Promise((resolve, reject) => {
    let outcome: XlsxWorkerOutcome | null = null;
    let failure: Error | null = null;
    worker.on('message', (m: XlsxWorkerOutcome) => (outcome = m));
    worker.on('error', (err: Error & { code?: string }) => {
      failure =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkbookRefused(
              `Reading the workbook needs more memory than a task may use (${heapMb} MB): split it into smaller files`,
            )
          : err;
    });
    worker.on('exit', (code) => {
      const done = outcome as XlsxWorkerOutcome | null;
      // A refusal the worker reported is the answer, whatever went wrong in its clean-up after.
      if (done && !done.ok && done.refused) reject(new WorkbookRefused(done.message));
      else if (failure) reject(failure);
      else if (done?.ok) resolve({ rows: done.rows });
      else if (done) reject(done.refused ? new WorkbookRefused(done.message) : new Error(done.message));
      else reject(new Error(`the workbook reader stopped (exit code ${code})`));
    });
  });
}

/** Streams the rows `unpackWorkbook` wrote, in order. */
export async function forEachRow(
  rowsFile: string,
  onRow: (rowNumber: number, cells: BulkCell[]) => void | Promise<void>,
): Promise<void> {
  const lines = readline.createInterface({ input: fs.createReadStream(rowsFile), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const [rowNumber, cells] = JSON.parse(line) as [number, BulkCell[]];
    await onRow(rowNumber, cells);
  }
}
