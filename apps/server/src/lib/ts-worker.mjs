// Starts a TypeScript worker module from the sources (tests, `npm run dev`): Node's worker threads do not take
// tsx's loader, so the worker loads tsx and imports its module. The built server runs the bundled JavaScript.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.tsEntry, import.meta.url);
