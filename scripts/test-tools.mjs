// `npm test` after a first `npm start`: that start installed only what the product needs to build and run (`--omit=dev`,
// scripts/start.mjs), so the test tools are added here, once, before the tests run. With them present it does nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(ROOT, 'node_modules', 'vitest', 'package.json'))) {
  console.log('> npm install (the test tools: the first start installed only what the product runs on)');
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
