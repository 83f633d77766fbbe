import { createRequire } from 'node:module';
import path from 'node:path';
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

export default defineConfig({
  plugins: [react(), signInRouter()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget that matters is gzipped initial JS (DESIGN.md §7), measured by bench/initial-js.mjs.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // zod's sources carry /*@__PURE__*/ notes Rollup cannot place; harmless, and zod is tree-shaken away.
      onwarn: (warning, warn) => {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
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
