import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import { nulInPart, nulRefused } from '../../plugins/input-guard.js';

/** One received file, written to a temporary file while it streamed in (never held in memory). */
export type SpooledFile = {
  /** The name the client gave, as given. */
  filename: string;
  path: string;
  size: number;
  /** The first bytes, for the format check. */
  head: Buffer;
  /** The file was larger than the largest size any upload may have; only a prefix was kept. */
  truncated: boolean;
};

export type Spool = {
  fields: Record<string, string>;
  files: SpooledFile[];
  cleanup: () => Promise<void>;
};

export const FILE_FIELD = 'images';
const HEAD_BYTES = 64;

type Options = {
  /** Largest file accepted at all (busboy stops writing beyond it). */
  maxFileBytes: number;
  maxFiles: number;
  /** Called once, before the first file is received, with the text fields sent before it. */
  beforeFirstFile?: (fields: Record<string, string>) => Promise<void>;
};

/**
 * Receives a multipart upload: text fields (first value of each name) and the `images` files, each streamed to
 * a temporary file under the OS temp directory. The caller must call cleanup(). Limit breaches become 400s.
 */
export async function receiveUpload(request: FastifyRequest, options: Options): Promise<Spool> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'cd-upload-'));
  const spool: Spool = {
    fields: {},
    files: [],
    cleanup: () => fsp.rm(dir, { recursive: true, force: true }),
  };
  let checked = false;
  let unexpected: string | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: options.maxFiles,
        fields: 20,
        fieldSize: 10_000,
        parts: options.maxFiles + 20,
      },
    });
    for await (const part of parts) {
      const nul = nulInPart(part);
      if (nul) throw nulRefused(nul);
      if (part.type === 'field') {
        if (!(part.fieldname in spool.fields) && typeof part.value === 'string') {
          spool.fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (!checked && options.beforeFirstFile) {
        checked = true;
        await options.beforeFirstFile(spool.fields);
      }
      if (part.fieldname !== FILE_FIELD) {
        unexpected ??= part.fieldname;
        part.file.resume();
        continue;
      }
      const target = path.join(dir, String(spool.files.length));
      let size = 0;
      const headChunks: Buffer[] = [];
      let headLength = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (headLength < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
          }
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(target));
      spool.files.push({
        filename: part.filename,
        path: target,
        size,
        head: Buffer.concat(headChunks),
        truncated: part.file.truncated,
      });
    }
  } catch (err) {
    await spool.cleanup();
    throw translateMultipartError(err, options.maxFiles);
  }
  if (unexpected) {
    await spool.cleanup();
    throw badRequest('invalidRequest', `Unexpected file field "${unexpected}": send the files as "${FILE_FIELD}"`, {
      field: unexpected,
    });
  }
  return spool;
}

function translateMultipartError(err: unknown, maxFiles: number): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; syscall?: string } | null;
  switch (e?.code) {
    case 'FST_FILES_LIMIT':
      return badRequest('maxCountReached', `At most ${maxFiles} files can be uploaded at once`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('invalidRequest', 'The upload has too many or invalid fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('invalidRequest', 'Send the images as multipart/form-data');
    default:
      // The disk failing is ours (500); anything else the parser raises is a malformed upload (busboy's
      // "Unexpected end of form", "Malformed part header", a part cut short…).
      if (e?.syscall || (e?.statusCode ?? 400) >= 500) return err;
      return badRequest('invalidRequest', 'The upload could not be read: send it as multipart/form-data');
  }
}
