// Measures the JavaScript the sign-in page loads before any lazy page: the entry script and the chunks
// index.html preloads, gzipped. Budget (DESIGN.md §7): 200 KB. Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
  (m) => m[1],
);
let raw = 0;
let gz = 0;
for (const file of new Set(files)) {
  const buf = fs.readFileSync(path.join(dist, file.replace(/^\//, '')));
  raw += buf.length;
  gz += zlib.gzipSync(buf, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`initial JS: ${files.length} files, ${kb(raw)} raw, ${kb(gz)} gzipped (budget 200 KB)`);
if (gz > 200 * 1024) {
  console.error('over budget');
  process.exit(1);
}
