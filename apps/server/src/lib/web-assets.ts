import fs from 'node:fs';
import path from 'node:path';

/** How a client may receive a file: the encodings it accepts, best first. */
type Encoding = 'br' | 'gzip' | 'identity';

export type Asset = { body: Buffer; type: string; encoding: Encoding };

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** What the web build writes beside a file (vite.config.ts, precompress), by encoding. */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

/** A built asset's name: one file in assets/, no folders, nothing hidden. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

/** The encodings an Accept-Encoding header allows (a `q=0` refuses one), best first, identity last. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const allowed = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (token && !(q !== undefined && Number(q.slice(2)) === 0)) allowed.add(token.trim());
  }
  const out: Encoding[] = [];
  if (allowed.has('br')) out.push('br');
  if (allowed.has('gzip')) out.push('gzip');
  out.push('identity');
  return out;
}

/**
 * The web build's files under /assets/, served from memory (issue 11 point 5). Their names carry their content's
 * hash, so a file read once never changes: its first request reads it with its .br and .gz copies, and they are
 * kept. `@fastify/static` looked each file and its copies up on disk for every request, which cost the server
 * ~0.05 s of CPU per cold page start, on the machine the browser shares. At most `maxBytes` are kept; past that,
 * files are read each time. A name with no file is not remembered.
 */
export function webAssets(assetsDir: string, maxBytes = 64 * 1024 * 1024) {
  type Entry = Record<Encoding, Buffer | null>;
  const kept = new Map<string, Entry>();
  let keptBytes = 0;

  const readOrNull = (file: string) =>
    fs.promises.readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') return null;
      throw error;
    });

  async function entryOf(name: string): Promise<Entry | null> {
    const known = kept.get(name);
    if (known) return known;
    const file = path.join(assetsDir, name);
    const identity = await readOrNull(file);
    if (!identity) return null;
    const [br, gzip] = await Promise.all([readOrNull(file + SUFFIX.br), readOrNull(file + SUFFIX.gzip)]);
    const entry: Entry = { identity, br, gzip };
    const size = identity.length + (br?.length ?? 0) + (gzip?.length ?? 0);
    if (!kept.has(name) && keptBytes + size <= maxBytes) {
      kept.set(name, entry);
      keptBytes += size;
    }
    return entry;
  }

  /** The asset `name` in the best encoding the client accepts, or null when there is no such asset. */
  return async function lookup(name: string, acceptEncoding: string | undefined): Promise<Asset | null> {
    if (!ASSET_NAME.test(name)) return null;
    const entry = await entryOf(name);
    if (!entry) return null;
    const type = TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
    for (const encoding of acceptedEncodings(acceptEncoding)) {
      const body = entry[encoding];
      if (body) return { body, type, encoding };
    }
    return null;
  };
}
