import { reconciliationSuite } from './reconciliation/suite.js';

// Issue 33: reports, dashboard, Z and SAP equal the orders under random sequences (reconciliation/suite.ts).
reconciliationSuite('pglite');
