import { describe, it } from 'vitest';
import { backends } from './harness.js';
import { reconciliationSuite } from './reconciliation/suite.js';

// Issue 33 on PostgreSQL when TEST_DATABASE_URL is set (CI), beside the PGlite file (reconciliation/suite.ts).
if (backends.includes('postgres')) reconciliationSuite('postgres');
else describe('money reconciles on postgres', () => it.skip('needs TEST_DATABASE_URL', () => undefined));
