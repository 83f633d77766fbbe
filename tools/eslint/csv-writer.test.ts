import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

/** Lints a would-be file at `file` (relative to the repository) and answers the CSV rule's messages. */
async function csvErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('every CSV goes through the shared writer (docs/security.md "CSV exports")', () => {
  it('fails a module, a test or a web file that writes CSV with csv-stringify itself', async () => {
    for (const [file, from] of [
      ['apps/server/src/modules/orders/order-export.ts', 'csv-stringify'],
      ['apps/server/src/modules/dayend/sap-files.ts', 'csv-stringify/sync'],
      ['apps/server/test/orders.test.ts', 'csv-stringify/sync'],
      ['apps/web/src/features/reports/csv.ts', 'csv-stringify/browser/esm/sync'],
    ]) {
      const errors = await csvErrors(file!, `import { stringify } from '${from}';\nexport const s = stringify;\n`);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toMatch(/Write CSV with apps\/server\/src\/lib\/csv\.ts/);
    }
  });

  it('allows the shared writer itself, and reading CSV', async () => {
    const writer = "import { stringify } from 'csv-stringify';\nexport const s = stringify;\n";
    expect(await csvErrors('apps/server/src/lib/csv.ts', writer)).toEqual([]);
    const reader = "import { parse } from 'csv-parse/sync';\nexport const p = parse;\n";
    expect(await csvErrors('apps/server/src/modules/marketing/group-import.ts', reader)).toEqual([]);
  });
});
