import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { checkedSerializer, responseProblem } from './response-check.js';

const view = z.object({ result: z.literal('success'), id: z.number(), tags: z.array(z.string()) });

describe('response check', () => {
  it('accepts an answer its schema describes whole', () => {
    expect(responseProblem(view, JSON.stringify({ result: 'success', id: 1, tags: ['a'] }))).toBeNull();
    const loose = z.looseObject({ id: z.number() });
    expect(responseProblem(loose, JSON.stringify({ id: 1, options: { deep: [1, 2] } }))).toBeNull();
  });

  it('names the field a schema would drop, and a field of the wrong type', () => {
    expect(responseProblem(view, JSON.stringify({ result: 'success', id: 1, tags: [], extra: true }))).toBe(
      'the schema drops or rewrites /extra',
    );
    expect(responseProblem(view, JSON.stringify({ result: 'success', id: '1', tags: [] }))).toMatch(/^id: /);
    const defaults = z.object({ id: z.number(), flag: z.boolean().default(false) });
    expect(responseProblem(defaults, JSON.stringify({ id: 1 }))).toBe('the schema drops or rewrites /flag');
  });

  it('sends the answer unchanged; strict mode fails a mismatch, warn mode logs it, off does not look', () => {
    const data = { result: 'success', id: 1, tags: [], extra: 'kept' };
    const compile = (mode: 'strict' | 'warn' | 'off', log = { error: vi.fn() }) =>
      checkedSerializer(
        mode,
        log as unknown as FastifyBaseLogger,
      )({ schema: view, method: 'GET', url: '/x', httpStatus: '200' });
    expect(() => compile('strict')(data)).toThrow(/GET \/x does not match its response schema: the schema drops/);
    const log = { error: vi.fn() };
    expect(JSON.parse(compile('warn', log)(data))).toEqual(data);
    expect(log.error).toHaveBeenCalledOnce();
    expect(JSON.parse(compile('off')(data))).toEqual(data);
    expect(compile('strict')({ result: 'success', id: 2, tags: ['x'] })).toBe(
      '{"result":"success","id":2,"tags":["x"]}',
    );
  });
});
