import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { BYTES_PER_MB, DOCUMENT_MAX_MB } from '@cd/core';
import { AppError, badRequest } from '../../lib/errors.js';
import { nulInPart, nulRefused } from '../../plugins/input-guard.js';

/** The multipart field of a document upload. */
export const DOCUMENT_FILE_FIELD = 'file';
export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MB * BYTES_PER_MB;
export const NOT_A_PDF = 'This file is not a valid PDF';

/** A received document: its bytes (at most DOCUMENT_MAX_MB, so they are held), name, hash and page count. */
export type ReceivedPdf = {
  fields: Record<string, string>;
  filename: string;
  bytes: Buffer;
  sha256: string;
  pages: number;
};

/**
 * Receives `file` (one PDF) and any text fields. The file streams to a temporary file first, so an upload over
 * the limit is cut off without being held; what is kept is then proved to be a PDF (checkPdf). 400 for anything
 * else: no file, a second file, another file field, too large, or not a PDF.
 */
export async function receivePdf(request: FastifyRequest): Promise<ReceivedPdf> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'cd-document-'));
  try {
    const fields: Record<string, string> = {};
    let received: { filename: string; path: string; truncated: boolean; sha256: string } | null = null;
    try {
      const parts = request.parts({
        limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 11 },
      });
      for await (const part of parts) {
        const nul = nulInPart(part);
        if (nul) throw nulRefused(nul);
        if (part.type === 'field') {
          if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== DOCUMENT_FILE_FIELD) {
          part.file.resume();
          throw badRequest('invalidRequest', `Unexpected file field "${part.fieldname}": send the PDF as "file"`, {
            field: part.fieldname,
          });
        }
        const target = path.join(dir, 'upload.pdf');
        const hash = crypto.createHash('sha256');
        const hasher = new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(part.file, hasher, fs.createWriteStream(target));
        received = {
          filename: part.filename,
          path: target,
          truncated: part.file.truncated,
          sha256: hash.digest('hex'),
        };
      }
    } catch (err) {
      throw translate(err);
    }
    if (!received) throw badRequest('noFile', 'Choose a PDF file to upload (field "file")', { field: 'file' });
    if (received.truncated)
      throw badRequest('fileTooLarge', `The file is larger than ${DOCUMENT_MAX_MB} MB`, { field: 'file' });
    const bytes = await fsp.readFile(received.path);
    const pages = await checkPdf(bytes);
    return { fields, filename: received.filename, bytes, sha256: received.sha256, pages };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function translate(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; syscall?: string } | null;
  if (e?.code === 'FST_FILES_LIMIT') return badRequest('oneFileOnly', 'Upload one PDF at a time', { field: 'file' });
  if (e?.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return badRequest('invalidRequest', 'Send the PDF as multipart/form-data (field "file")');
  if (e?.syscall || (e?.statusCode ?? 400) >= 500) return err;
  return badRequest('invalidRequest', 'The upload could not be read: send it as multipart/form-data');
}

const MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * The page count of a real PDF, judged by its content only (never by the name or the type the browser claimed):
 * it starts with `%PDF-` and pdf-lib parses it to a document with at least one page. An encrypted PDF is
 * accepted (`ignoreEncryption`: its page tree is readable; certificates often come with an owner password).
 * Anything else is refused with 400 "This file is not a valid PDF".
 */
export async function checkPdf(bytes: Buffer): Promise<number> {
  const refuse = () => badRequest('invalidPdf', NOT_A_PDF, { field: 'file' });
  if (bytes.length < MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw refuse();
  let pages = 0;
  try {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    pages = doc.getPageCount();
  } catch {
    throw refuse();
  }
  if (!Number.isInteger(pages) || pages < 1) throw refuse();
  return pages;
}
