import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse';
import { GROUP_IMPORT_COLUMNS, GROUP_IMPORT_MODES, GROUP_LIMITS } from '@cd/core';
import { AppError, badRequest } from '../../lib/errors.js';
import { nulInPart, nulRefused } from '../../plugins/input-guard.js';
import { forEachRow, looksLikeXlsx, readZipDirectory, unpackWorkbook, WorkbookRefused } from '../bulk/xlsx.js';

const MAX_BYTES = 20 * 1024 * 1024;
export type ImportRow = {
  row: number;
  customer_ref: string;
  name?: string;
  email?: string;
  phone?: string;
  marketing_opt_in?: boolean;
};
export type ParsedImport = {
  mode: 'append' | 'replace';
  rows: ImportRow[];
  errors: { row: number; message: string }[];
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** One row of cells against the header: a member, or the row's error. */
function readRow(
  header: Map<string, number>,
  cells: unknown[],
  rowNumber: number,
): ImportRow | { row: number; message: string } {
  const cell = (name: string) => {
    const i = header.get(name);
    if (i === undefined) return undefined;
    const v = cells[i];
    return v === null || v === undefined ? '' : String(v).trim();
  };
  const ref = cell('customer_ref') ?? '';
  if (!ref) return { row: rowNumber, message: 'customer_ref is empty' };
  if (ref.length > 100) return { row: rowNumber, message: 'customer_ref is longer than 100 characters' };
  const email = cell('email');
  if (email && !EMAIL.test(email)) return { row: rowNumber, message: `email "${email}" is not an e-mail address` };
  const phone = cell('phone');
  if (phone && !/^\+?[0-9 ()-]{6,20}$/.test(phone))
    return { row: rowNumber, message: `phone "${phone}" is not a phone number` };
  const optText = cell('marketing_opt_in')?.toLowerCase();
  if (optText && !YES.has(optText) && !NO.has(optText))
    return { row: rowNumber, message: 'marketing_opt_in must be yes or no' };
  const name = cell('name');
  return {
    row: rowNumber,
    customer_ref: ref,
    ...(name ? { name: name.slice(0, 200) } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(optText ? { marketing_opt_in: YES.has(optText) } : {}),
  };
}

function headerOf(cells: unknown[]): Map<string, number> {
  const header = new Map<string, number>();
  cells.forEach((c, i) => {
    const name = String(c ?? '')
      .trim()
      .toLowerCase();
    if ((GROUP_IMPORT_COLUMNS as readonly string[]).includes(name)) header.set(name, i);
  });
  if (!header.has('customer_ref'))
    throw badRequest(
      'importHeader',
      `The first row must name the columns: ${GROUP_IMPORT_COLUMNS.join(', ')} (customer_ref at least)`,
      {
        field: 'file',
      },
    );
  return header;
}

/**
 * Receives a static group's member file (multipart: `mode`, then `file`, .xlsx or .csv up to 20 MB) and reads it:
 * a header row naming the columns, then one customer a row. A workbook is read in a worker with the bulk
 * upload's limits; a CSV is parsed as a stream. The same customer twice keeps the last row.
 */
export async function receiveMemberImport(request: FastifyRequest): Promise<ParsedImport> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cd-group-import-'));
  const file = path.join(dir, 'upload');
  try {
    let mode: string | undefined;
    let received = false;
    let truncated = false;
    try {
      for await (const part of request.parts({ limits: { fileSize: MAX_BYTES, files: 1, fields: 5, parts: 8 } })) {
        const nul = nulInPart(part);
        if (nul) throw nulRefused(nul);
        if (part.type === 'field') {
          if (part.fieldname === 'mode' && typeof part.value === 'string') mode = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, fs.createWriteStream(file));
        received = true;
        truncated = part.file.truncated;
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badRequest('invalidRequest', 'The upload could not be read: send it as multipart/form-data');
    }
    if (!received) throw badRequest('fileRequired', 'Choose an .xlsx or .csv file (field "file")', { field: 'file' });
    if (truncated)
      throw badRequest('fileTooLarge', `The file is larger than ${MAX_BYTES / 1024 / 1024} MB`, { field: 'file' });
    const chosen = mode ?? 'append';
    if (!(GROUP_IMPORT_MODES as readonly string[]).includes(chosen))
      throw badRequest('invalidMode', 'mode must be append or replace', { field: 'mode' });

    const byRef = new Map<string, ImportRow>();
    const errors: { row: number; message: string }[] = [];
    let header: Map<string, number> | null = null;
    let count = 0;
    const onRow = (rowNumber: number, cells: unknown[]) => {
      if (!header) {
        header = headerOf(cells);
        return;
      }
      if (cells.every((c) => c === null || c === undefined || String(c).trim() === '')) return;
      if (++count > GROUP_LIMITS.importRows)
        throw badRequest('importTooLarge', `At most ${GROUP_LIMITS.importRows} customers in one file`, {
          field: 'file',
        });
      const read = readRow(header, cells, rowNumber);
      if ('message' in read) errors.push(read);
      else byRef.set(read.customer_ref, read);
    };

    if (await looksLikeXlsx(file)) {
      try {
        await readZipDirectory(file);
        await unpackWorkbook(file, path.join(dir, 'rows.ndjson'));
      } catch (err) {
        if (err instanceof WorkbookRefused) throw badRequest('workbookRefused', err.message, { field: 'file' });
        throw err;
      }
      await forEachRow(path.join(dir, 'rows.ndjson'), (n, cells) => onRow(n, cells as unknown[]));
    } else {
      const head = Buffer.alloc(512);
      const fd = await fs.promises.open(file, 'r');
      const { bytesRead } = await fd.read(head, 0, 512, 0);
      await fd.close();
      if (head.subarray(0, bytesRead).includes(0))
        throw badRequest('notCsv', 'The file is neither an Excel workbook (.xlsx) nor a CSV text file', {
          field: 'file',
        });
      let rowNumber = 0;
      try {
        const parser = fs
          .createReadStream(file)
          .pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }));
        for await (const record of parser) onRow(++rowNumber, record as unknown[]);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw badRequest('notCsv', `The CSV could not be read: ${(err as Error).message}`, { field: 'file' });
      }
    }
    if (!header) throw badRequest('importEmpty', 'The file is empty', { field: 'file' });
    return { mode: chosen as ParsedImport['mode'], rows: [...byRef.values()], errors };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
