import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * How answers are checked against their response schema: `strict` (tests) fails the request, `warn`
 * (development) logs it, `off` (production) does not look.
 */
export type ResponseCheck = 'strict' | 'warn' | 'off';

function zodOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
}

/** The first place two JSON values differ, as a path (for the error message). */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path || '(root)';
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}/${key}`);
  }
  return path || '(root)';
}

/** Why an answer does not fit its schema, or null when it fits and the schema keeps every part of it. */
export function responseProblem(schema: $ZodType, json: string): string | null {
  const wire: unknown = JSON.parse(json);
  const parsed = safeParse(schema, wire);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'does not match'}`;
  }
  const kept: unknown = JSON.parse(JSON.stringify(parsed.data));
  if (!isDeepStrictEqual(kept, wire)) return `the schema drops or rewrites ${firstDifference(wire, kept)}`;
  return null;
}

/**
 * The serializer of every route with a response schema. It sends the handler's answer as it is — a schema
 * never removes or rewrites data (a plain z.object would drop keys it does not name) — and checks the answer
 * fits the schema and that the schema keeps all of it, so the API description stays true to the answers. The
 * API tests run `strict`, so a schema that misses a field fails them.
 */
export function checkedSerializer(mode: ResponseCheck, log: FastifyBaseLogger) {
  return ({
    schema,
    method,
    url,
    httpStatus,
  }: {
    schema: unknown;
    method: string;
    url: string;
    httpStatus?: string;
  }) => {
    const zod = mode === 'off' ? undefined : zodOf(schema);
    return (data: unknown): string => {
      const json = JSON.stringify(data);
      if (!zod || json === undefined) return json;
      const problem = responseProblem(zod, json);
      if (problem) {
        const message = `The ${httpStatus ?? ''} answer of ${method} ${url} does not match its response schema: ${problem}`;
        if (mode === 'strict') throw new Error(message);
        log.error(message);
      }
      return json;
    };
  };
}
