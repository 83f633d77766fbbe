import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://127.0.0.1:3000';

// The server refuses state-changing requests from another origin (DESIGN.md §6); in development the page
// comes from Vite's port, so the proxy presents the request as coming from the API's own origin.
const proxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  configure: (server) => {
    server.on('proxyReq', (proxyReq) => {
      if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', API_TARGET);
    });
  },
};

const ROUTER_DIR = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const SIGN_IN_ROUTER = path.resolve(import.meta.dirname, 'src/lib/sign-in-router.ts');

/**
 * The sign-in screens run React Router in declarative mode, the signed-in app in data mode (src/lib/sign-in-router.ts).
 * React Router ships both in one module, and a module goes to one chunk whole, so the sign-in bundle would carry
 * data mode too (~17 KB gzipped). This resolves the sign-in screens' import to the package's production build (the
 * same API, its own module), which the sign-in bundle keeps alone; the signed-in app's chunks take the package's
 * default build. The build fails if the sign-in bundle holds the default build: something on the sign-in screens
 * imported 'react-router' instead of lib/sign-in-router, and would find no router at run time.
 */
function signInRouter(): Plugin {
  return {
    name: 'sign-in-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-router' && importer && path.resolve(importer) === SIGN_IN_ROUTER) {
        return path.join(ROUTER_DIR, 'dist/production/index.mjs');
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const dataMode = `${path.sep}react-router${path.sep}dist${path.sep}development${path.sep}`;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        // An empty module list would make the check below pass without looking: the bundler must give it.
        if (Object.keys(chunk.modules).length === 0) this.error(`${chunk.fileName}: the bundler listed no modules`);
        const held = Object.keys(chunk.modules).filter((id) => id.includes(dataMode));
        if (held.length > 0) {
          this.error(
            `${chunk.fileName} (the sign-in bundle) holds React Router's data mode (${held.map((id) => path.basename(id)).join(', ')}): ` +
              "a module on the sign-in screens imports 'react-router'; import from src/lib/sign-in-router instead",
          );
        }
      }
    },
  };
}

/** What a signed-in start loads before a page (start-signed-in.ts): the signed-in app, the shell, the strings. */
const SIGNED_IN_MODULES = ['src/app/signed-in-app.tsx', 'src/app/shell/index.ts', 'src/lib/area-strings.ts'];
const ROUTE_IMPORT = /'(\/[^']*)':\s*lazy\w*\(\s*(?:'[^']*',\s*)?\(\)\s*=>\s*import\('(\.[^']+)'\)/g;

/**
 * `page-preloads.json` in the build: for each page path, the chunks a signed-in start of that page loads (the
 * signed-in app, the shell, the strings, the page's own module), with their static imports. The server names them
 * as <link rel="modulepreload"> in the HTML of a signed-in request, so the browser fetches them all at once
 * instead of one layer after another (issue 11 point 5). The sign-in screens get none of it.
 */
function pagePreloads(): Plugin {
  return {
    name: 'page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const byModule = new Map<string, { file: string; imports: string[] }>();
      const entryFiles = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (chunk.isEntry) {
          entryFiles.add(chunk.fileName);
          for (const i of chunk.imports) entryFiles.add(i);
        }
        // Every module to the chunk that holds it (a dynamic import's target may share a chunk).
        for (const id of Object.keys(chunk.modules)) {
          const rel = path
            .relative(import.meta.dirname, id)
            .split(path.sep)
            .join('/');
          if (!rel.startsWith('src/')) continue;
          byModule.set(rel, { file: chunk.fileName, imports: chunk.imports });
        }
      }
      const files = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c.imports] as const] : [])),
      );
      const closure = (modules: string[]) => {
        const out = new Set<string>();
        const visit = (file: string) => {
          if (out.has(file) || entryFiles.has(file)) return;
          out.add(file);
          for (const i of files.get(file) ?? []) visit(i);
        };
        for (const m of modules) {
          const found = byModule.get(m);
          if (found) visit(found.file);
        }
        return [...out];
      };
      const base = closure(SIGNED_IN_MODULES);
      const pages: Record<string, string[]> = {};
      const featuresDir = path.join(import.meta.dirname, 'src/features');
      for (const feature of fs.readdirSync(featuresDir)) {
        const routes = path.join(featuresDir, feature, 'routes.tsx');
        if (!fs.existsSync(routes)) continue;
        for (const m of fs.readFileSync(routes, 'utf8').matchAll(ROUTE_IMPORT)) {
          const target = path
            .relative(import.meta.dirname, path.resolve(path.dirname(routes), m[2]!))
            .split(path.sep)
            .join('/');
          const module = ['.tsx', '.ts'].map((ext) => target + ext).find((t) => byModule.has(t));
          if (module) pages[m[1]!] = closure([module]).filter((f) => !base.includes(f));
        }
      }
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify({ base, pages }) });
    },
  };
}

/**
 * `frame-origins.json` in the build: the origins the app frames that only the build knows — the Control Desk v2 base
 * of /submenu_management-v2 (VITE_CONTROL_DESK_V2_BASE, src/lib/shell-config.ts). The server names them in its
 * Content-Security-Policy frame-src, beside the dashboards' origins it reads from the database, so the frame is not
 * blocked (modules/reports/frame-sources.ts). Origins only, never a path.
 */
function frameOrigins(): Plugin {
  let base = '';
  return {
    name: 'frame-origins',
    apply: 'build',
    configResolved(config) {
      base = String(config.env.VITE_CONTROL_DESK_V2_BASE ?? '').trim();
    },
    generateBundle() {
      const origins: string[] = [];
      if (base) {
        try {
          origins.push(new URL(base).origin);
        } catch {
          this.error(`VITE_CONTROL_DESK_V2_BASE is not an address: ${base}`);
        }
      }
      this.emitFile({ type: 'asset', fileName: 'frame-origins.json', source: JSON.stringify({ origins }) });
    },
  };
}

const SRC_DIR = path.join(import.meta.dirname, 'src') + path.sep;
/** The app's own modules whose evaluation does something besides defining exports (see moduleSideEffects). */
const SIDE_EFFECT_MODULES = new Set(
  ['main.tsx', 'app/boot.ts', 'lib/i18n.ts', 'components/date-values.ts'].map((f) => path.join(SRC_DIR, f)),
);

/**
 * Rollup keeps a module whose exports nobody uses when it may have side effects, and it assumes so of any module
 * that calls a function at its top level, such as an api module building its zod schemas. A feature's index.ts
 * re-exports its api for the other features, so the page registry (part of the shell) pulled every such module into
 * the shell's chunk, and every cold start built their schemas (~0.1 s; issue 11 point 5). The app's own modules are
 * declared free of side effects except those listed above (its package.json cannot say so: Vite reads that field
 * only for dependencies); dependencies keep what their package.json says.
 */
function moduleSideEffects(id: string): boolean {
  if (!id.startsWith(SRC_DIR)) return true;
  if (/\.(css|json)$/.test(id)) return true;
  return SIDE_EFFECT_MODULES.has(id.split('?')[0]!);
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes a gzip and a brotli copy beside each compressible asset of the build (issue 11), which the server sends
 * to browsers that accept them (@fastify/static's preCompressed, app.ts): ~4x fewer bytes, compressed once at
 * build time instead of on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const source = await fs.promises.readFile(full);
          if (source.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(source, { level: 9 }),
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          await Promise.all([fs.promises.writeFile(`${full}.gz`, gz), fs.promises.writeFile(`${full}.br`, br)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), signInRouter(), pagePreloads(), frameOrigins(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget that matters is gzipped initial JS (DESIGN.md §7), measured by bench/initial-js.mjs.
    chunkSizeWarningLimit: 700,
    // The sizes that matter are measured by the bench; gzipping every chunk again only to print it costs the build time.
    reportCompressedSize: false,
    rollupOptions: {
      treeshake: { moduleSideEffects },
      // zod's sources carry /*@__PURE__*/ notes Rollup cannot place; harmless, and zod is tree-shaken away.
      onwarn: (warning, warn) => {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        // content-rules.ts reads rrule's class from the named export or, in Node's UMD build, from default.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('rrule')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/v2': proxy,
      '/demo-idp': proxy,
      '/files': proxy,
    },
  },
});
