// `npm start`: from a fresh clone to the product answering, in as little time as the machine allows (issue 34).
//   1. install: a checkout without node_modules gets only what the product needs to build and run (`--omit=dev`:
//      no test runners, linters, browsers' test tools; ~280 fewer packages). A checkout that already has the test
//      tools (someone ran `npm ci` or `npm test`) gets a plain `npm install`, which would otherwise remove them.
//   2. the server bundle (esbuild, about a second);
//   3. side by side: the web app's Vite build, and the server's first-start work on the database (migrations and, on
//      an empty database, the demo data: `main.js --prepare`), which needs no web app;
//   4. the server, with the database ready and the web app built.
// Every step's failure stops the start with that step's exit code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(Object.assign(new Error(`${cmd} ${args.join(' ')}: ${code ?? signal}`), { code })),
    );
  });
}

/** The test tools are installed when vitest is: then a plain install keeps them. */
function hasDevTools() {
  return fs.existsSync(path.join(ROOT, 'node_modules', 'vitest', 'package.json'));
}

try {
  const installArgs = ['install', '--no-audit', '--no-fund'];
  if (!hasDevTools()) installArgs.push('--omit=dev');
  console.log(`> npm ${installArgs.join(' ')}`);
  await run(npm, installArgs);
  console.log('> build the server');
  await run(npm, ['run', 'build', '-w', '@cd/server']);
  console.log('> build the web app, and prepare the database beside it');
  await Promise.all([
    run(npm, ['run', 'build', '-w', '@cd/web']),
    run(npm, ['run', 'start', '-w', '@cd/server', '--', '--prepare']),
  ]);
  console.log('> start the server');
  await run(npm, ['run', 'start', '-w', '@cd/server']);
} catch (error) {
  console.error(`\nnpm start stopped: ${error.message}`);
  process.exit(typeof error.code === 'number' && error.code > 0 ? error.code : 1);
}
