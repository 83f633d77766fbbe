import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

/** PostgreSQL's text and jsonb cannot hold U+0000; no field of this API has a use for it. */
const NUL = '\u0000';
/** Half of a UTF-16 surrogate pair without its other half: not text (jsonb refuses its escape). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a client's string cannot be stored as text: a NUL character or a lone surrogate. */
const unstorable = (s: string) => s.includes(NUL) || LONE_SURROGATE.test(s);

/** A NUL character (or a lone surrogate) in a text value sent by the client: 400 naming the field. */
export function nulRefused(where: string) {
  return badRequest('invalidRequest', `${where}: must not contain a NUL character or broken text`, {
    field: where,
  });
}

/**
 * The first place in a parsed value (body, query, parameters) whose text or key holds a NUL character, as a
 * dotted path; null when there is none. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown, root: string): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: root }];
  let seen = 0;
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (++seen > 200_000) return null; // bounded work; the body limit keeps real inputs far below
    if (typeof v === 'string') {
      if (unstorable(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}.${i}` });
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        const at = `${path}.${k}`;
        if (unstorable(k)) return `${path}.${k.replaceAll(NUL, '\\0')}`;
        stack.push({ v: child, path: at });
      }
    }
  }
  return null;
}

/** A multipart part's name, text value or file name holding a NUL character: the field to name, else null. */
export function nulInPart(part: {
  type: string;
  fieldname: string;
  value?: unknown;
  filename?: string;
}): string | null {
  if (unstorable(part.fieldname)) return part.fieldname.replaceAll(NUL, '\\0');
  if (part.type === 'field' && typeof part.value === 'string' && unstorable(part.value)) return part.fieldname;
  if (part.type === 'file' && part.filename && unstorable(part.filename)) return `${part.fieldname} (file name)`;
  return null;
}

const strip = (path: string) => path.replace(/^(body|query|params)\.?/, '') || path;

/**
 * Refuses NUL characters (and lone surrogates) once for every route (DESIGN.md §7: no client input gets a 500): in any request
 * header (onRequest), and in the parsed query, path parameters and body (preValidation, after the permission
 * guard, so an anonymous caller still learns nothing about a route's input). Multipart fields are checked
 * where they are read (receiveWorkbook, receiveUpload).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    for (const [name, value] of Object.entries(request.headers)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && unstorable(v))) throw nulRefused(`header ${name}`);
    }
  });
  app.addHook('preValidation', async (request) => {
    const where = findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (where) throw nulRefused(strip(where));
  });
});
