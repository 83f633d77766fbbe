import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import { nulInPart, nulRefused } from '../../plugins/input-guard.js';
import { looksLikeXlsx, readZipDirectory, WorkbookRefused } from './xlsx.js';

export const WORKBOOK_MAX_BYTES = 20 * 1024 * 1024;
export const WORKBOOK_FIELD = 'file';
export const UPLOAD_NAME = 'upload.xlsx';

export type ReceivedWorkbook = { fields: Record<string, string>; filename: string; size: number };

/**
 * Receives a multipart upload of one workbook (field `file`) and its text fields, streaming the file to
 * `<dir>/upload.xlsx`. `beforeFile` runs with the fields sent before the file, so an unpermitted caller is
 * refused before the file is received. Refuses files over 20 MB, files that are not .xlsx by content (a zip
 * archive) and workbooks whose central directory declares more than the workbook limits (xlsx-reader.ts).
 * On any refusal the directory is removed.
 */
export async function receiveWorkbook(
  request: FastifyRequest,
  dir: string,
  beforeFile: (fields: Record<string, string>) => Promise<void>,
): Promise<ReceivedWorkbook> {
  await fs.promises.mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: { filename: string; size: number; truncated: boolean } | null = null;
  try {
    try {
      const parts = request.parts({
        limits: { fileSize: WORKBOOK_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
      });
      for await (const part of parts) {
        const nul = nulInPart(part);
        if (nul) throw nulRefused(nul);
        if (part.type === 'field') {
          if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== WORKBOOK_FIELD || received) {
          part.file.resume();
          continue;
        }
        await beforeFile(fields);
        let size = 0;
        part.file.on('data', (chunk: Buffer) => (size += chunk.length));
        await pipeline(part.file, fs.createWriteStream(path.join(dir, UPLOAD_NAME)));
        received = { filename: part.filename, size, truncated: part.file.truncated };
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const e = err as { syscall?: string; statusCode?: number };
      if (e?.syscall || (e?.statusCode ?? 400) >= 500) throw err;
      throw badRequest('invalidRequest', 'The upload could not be read: send it as multipart/form-data');
    }
    if (!received) throw badRequest('fileRequired', `Choose an .xlsx file to upload (field "${WORKBOOK_FIELD}")`);
    if (received.truncated) {
      throw badRequest('fileTooLarge', `The file is larger than ${WORKBOOK_MAX_BYTES / 1024 / 1024} MB`);
    }
    if (!(await looksLikeXlsx(path.join(dir, UPLOAD_NAME)))) {
      throw badRequest('notXlsx', 'The file is not an Excel workbook (.xlsx)');
    }
    // What the workbook would unpack to, from its central directory: a bomb is refused here, at once; the job
    // checks again while it reads (sizes can lie), in a worker thread of its own.
    try {
      await readZipDirectory(path.join(dir, UPLOAD_NAME));
    } catch (err) {
      if (err instanceof WorkbookRefused) throw badRequest('workbookRefused', err.message, { field: WORKBOOK_FIELD });
      throw err;
    }
    return { fields, filename: received.filename || UPLOAD_NAME, size: received.size };
  } catch (err) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw err;
  }
}
