import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import rulesets from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { menuAnswer } from '@cd/core';
import { responseProblem } from '../src/plugins/response-check.js';
import { createTestContext, sessionCookie, type TestContext } from './harness.js';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
};
type OpenApi = {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

/**
 * The API description (issue 23): valid OpenAPI with no warnings of Spectral's `oas` ruleset, every operation
 * named, summarised, tagged and with its error answers, and good enough to generate a typed client from.
 */
describe('API description', () => {
  let ctx: TestContext;
  let doc: OpenApi;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    doc = ctx.app.swagger() as unknown as OpenApi;
  });
  afterAll(async () => ctx.close());

  it('passes the oas ruleset of Spectral with no errors and no warnings', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(rulesets.oas as never);
    const results = await spectral.run(new Document(JSON.stringify(doc), Parsers.Json));
    const describe = (r: (typeof results)[number]) => `${r.code} at ${r.path.join('.')}: ${r.message}`;
    const errors = results.filter((r) => r.severity === 0);
    const warnings = results.filter((r) => r.severity === 1);
    console.info(
      `Spectral oas: ${errors.length} errors, ${warnings.length} warnings (${operations().length} operations)`,
    );
    expect(errors.map(describe)).toEqual([]);
    expect(warnings.map(describe)).toEqual([]);
  });

  it('names, summarises and tags every operation, and documents its error answers', () => {
    const declared = new Set(doc.tags.map((t) => t.name));
    expect(doc.tags.every((t) => t.description)).toBe(true);
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(op.operationId!), `${name}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toBeTruthy();
      expect(
        op.tags?.every((t) => declared.has(t)),
        name,
      ).toBe(true);
      const codes = Object.keys(op.responses);
      expect(
        codes.some((c) => c.startsWith('2') || c.startsWith('3')),
        name,
      ).toBe(true);
      const isPublic = op.security?.length === 0;
      if (!isPublic) expect(codes, name).toContain('401');
      // A page or a write may be refused; an API key's read (a loyalty balance) has nothing more to refuse.
      const apiKeyRead = name.startsWith('GET ') && op.description!.includes('Needs an API key');
      if (op.description!.includes('Needs ') && !apiKeyRead) expect(codes, name).toContain('403');
      if (path.includes('/vendor/') && path.endsWith('_login')) expect(codes, name).toContain('429');
    }
    const byId = Object.fromEntries(operations().map(({ op }) => [op.operationId, op]));
    expect(Object.keys(byId.updateLocation!.responses)).toEqual(expect.arrayContaining(['400', '404', '409']));
    expect(Object.keys(byId.passwordLogin!.responses)).toEqual(expect.arrayContaining(['400', '429']));
    expect(Object.keys(byId.listLocations!.responses)).not.toContain('409');
    expect(Object.keys(byId.exportRestaurants!.responses)).toEqual(expect.arrayContaining(['200', '202', '403']));
    expect(doc.paths['/files/{key}']).toBeDefined();
  });

  it('describes the menu read, which is sent as prepared JSON text and so never passes the serializer', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'demo.admin', password: 'ControlDesk#2026' },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/vendor/fooditem?restaurant=${encodeURIComponent('fc-blr-atrium:spice_route')}`,
      headers: { cookie: `cd_session=${sessionCookie(login)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().fooditems.length).toBeGreaterThan(0);
    expect(responseProblem(menuAnswer, res.body)).toBeNull();
  });

  it('generates client types with openapi-typescript', async () => {
    const source = astToString(await openapiTS(doc as never));
    const file = ts.createSourceFile('api.d.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const parseErrors = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
    expect(parseErrors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    expect(source).toContain('listRestaurants: {');
    expect(source).toMatch(/sort\?: "restaurant" \| "restid" \| "name"/);
  });
});
