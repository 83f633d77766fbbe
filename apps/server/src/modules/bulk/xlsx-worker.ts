import { once } from 'node:events';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { readFirstWorksheet, WorkbookRefused, type WorkbookLimits } from './xlsx-reader.js';

/**
 * The worker thread that unpacks a bulk workbook (started by xlsx.ts with its own heap limit): reads the first
 * worksheet and writes its rows to `out` as NDJSON, one `[rowNumber, cells]` per line, then posts the outcome.
 * It imports only node's modules and the reader, so its heap holds the workbook's data and little else.
 */
export type XlsxWorkerInput = { file: string; out: string; limits: WorkbookLimits };
export type XlsxWorkerOutcome = { ok: true; rows: number } | { ok: false; refused: boolean; message: string };

const input = workerData as XlsxWorkerInput;
const out = fs.createWriteStream(input.out);
// A write that fails (disk full) ends the reading with its message. Once the reading is refused the stream is
// destroyed with rows still being written: their "write after destroyed" errors land here, and are not the story.
let writeError: Error | null = null;
out.on('error', (err) => (writeError ??= err));
let full = false;
let outcome: XlsxWorkerOutcome;
try {
  const { rows } = await readFirstWorksheet(
    input.file,
    (rowNumber, cells) => {
      if (!out.write(`${JSON.stringify([rowNumber, cells])}\n`)) full = true;
    },
    {
      limits: input.limits,
      // After each chunk of the sheet: wait while the file is behind, so rows never pile up in memory.
      drain: async () => {
        if (writeError) throw writeError;
        if (!full) return;
        full = false;
        await once(out, 'drain');
      },
    },
  );
  if (writeError) throw writeError;
  out.end();
  await once(out, 'finish');
  outcome = { ok: true, rows };
} catch (err) {
  out.destroy();
  outcome = { ok: false, refused: err instanceof WorkbookRefused, message: (err as Error).message };
}
parentPort!.postMessage(outcome);
