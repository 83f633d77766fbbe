import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });
const ruleId = 'boundaries/feature-boundaries';

/** Lints a would-be file at `file` (relative to apps/web/src) and answers the boundary rule's messages. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

describe('feature boundaries (DESIGN.md §3)', () => {
  it("fails a test file that reaches into another feature's internals", async () => {
    const errors = await boundaryErrors(
      'features/allergens/pages/reach.test.tsx',
      "import { UserTable } from '../../users/components/user-table';\nexport const x = UserTable;\n",
    );
    expect(errors).toEqual(["Import feature 'users' through its index.ts ('../../users'), not its internals."]);
  });

  it('allows the index, the feature itself, shared code and the test helpers', async () => {
    const code = [
      "import { userManagementPages } from '../../users';",
      "import { allergenKeys } from '../api';",
      "import { PageLoading } from '../../../components';",
      "import { setupUser } from '../../../test/user-events';",
      'export const all = [userManagementPages, allergenKeys, PageLoading, setupUser];',
    ].join('\n');
    expect(await boundaryErrors('features/allergens/pages/fine.test.tsx', code)).toEqual([]);
  });

  it('keeps features out of app/', async () => {
    const errors = await boundaryErrors(
      'features/menu/pages/x.tsx',
      "import { BUILT_PAGES } from '../../../app/page-registry';\nexport const y = BUILT_PAGES;\n",
    );
    expect(errors).toEqual(['Features do not import app/; move what is shared into lib/ or components/.']);
  });
});
