import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.js';
import { offerCodes, offers } from '../db/schema/index.js';
import { outer } from './outer-column.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('outer columns of correlated subqueries', () => {
  it('writes the table with the column, where drizzle would write it bare', () => {
    const db = drizzle.mock();
    const count = (col: ReturnType<typeof outer> | typeof offers.id) =>
      db
        .select({ id: offers.id, codes: sql<number>`(select count(*) from ${offerCodes} c where c.offer_id = ${col})` })
        .from(offers)
        .toSQL().sql;
    expect(count(offers.id)).toContain('c.offer_id = "id"');
    expect(count(outer(offers.id))).toContain('c.offer_id = "offers"."id"');
  });

  it('is used for every column written into a subquery of a sql template in the server', () => {
    // `(select … ${table.column} …)` inside one template, for a table of the schema: it must go through outer().
    const tables = new Set(
      Object.entries(schema)
        .filter(([, v]) => is(v, PgTable))
        .map(([k]) => k),
    );
    expect(tables.size).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/sql(?:<[^>]*>)?`([^`]*)`/g)) {
        const body = m[1]!;
        const sub = body.indexOf('(select');
        if (sub < 0) continue;
        for (const c of body.slice(sub).matchAll(/\$\{([a-zA-Z_]+)\.([a-zA-Z_]+)\}/g))
          if (tables.has(c[1]!)) found.push(`${path.relative(SRC, file)}: \${${c[1]}.${c[2]}}`);
      }
    }
    expect(found).toEqual([]);
  });
});
