import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import { assertSafeKey, type ByteRange, type FileStore } from '../../lib/file-store.js';
import { MEDIA_KEY_PREFIX } from './media.service.js';

/** Key prefixes served to anyone: menu and site images are public content of the ordering apps. */
export const PUBLIC_FILE_PREFIXES = new Set([MEDIA_KEY_PREFIX]);

/** Types shown in place; anything else (never stored by us today) is sent as a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'video/mp4']);

/** Keys never change content (each upload gets a new random key), so files may be cached for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A single `bytes=a-b` range within the size; 'unsatisfiable', or null for none/many (whole file sent). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (size === 0) return 'unsatisfiable';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * `GET /files/<key>`: uploaded images and videos, for <img> and <video> tags (no JSON envelope). Outside the
 * API prefix and without a session: image-manager files are public content (menus, restaurant pictures shown
 * by the ordering apps); only keys under a public prefix are served, and keys are unguessable. The type
 * comes from the stored metadata, never from the request.
 */
export async function fileRoutes(app: FastifyInstance, { files }: { files: FileStore }) {
  app.get(
    '/files/*',
    {
      config: { errors: [404, 416] },
      schema: {
        tags: ['media'],
        operationId: 'getFile',
        summary: 'An uploaded file (public media)',
        description:
          'Images and videos of the image manager, for <img> and <video> tags: byte ranges, ETag, cached a year.',
        response: {
          200: {
            description: 'The file, with its stored type',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          206: {
            description: 'The requested byte range',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          304: z.null().describe('Not modified (If-None-Match)'),
        },
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      assertSafeKey(key);
      if (!PUBLIC_FILE_PREFIXES.has(key.split('/')[0] ?? '')) throw notFound('fileNotFound', 'No such file');
      const info = await files.stat(key);
      if (!info) throw notFound('fileNotFound', 'No such file');

      const range = parseRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') {
        reply.header('Content-Range', `bytes */${info.size}`);
        throw new AppError(416, 'rangeNotSatisfiable', 'Requested range not satisfiable');
      }
      const etag = `"${crypto.createHash('sha256').update(`${key}:${info.size}`).digest('base64url').slice(0, 27)}"`;
      const inline = INLINE_TYPES.has(info.contentType);
      const filename = key.split('/').pop() ?? 'file';
      reply
        .header('Content-Type', inline ? info.contentType : 'application/octet-stream')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`)
        .header('Cache-Control', CACHE_CONTROL)
        .header('ETag', etag)
        .header('Accept-Ranges', 'bytes')
        // Ordering apps on other origins show these images too.
        .header('Cross-Origin-Resource-Policy', 'cross-origin');

      if (request.headers['if-none-match'] === etag) return reply.status(304).send();

      const file = await files.get(key, range ?? undefined);
      if (!file) {
        reply.removeHeader('Content-Type');
        throw notFound('fileNotFound', 'No such file');
      }
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', info.size);
      }
      return reply.send(file.stream);
    },
  );
}
