import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { browserCataloguePlugin } from './src/tools/build/browserCatalogue';
import { schemaPlugin } from './src/tools/build/schemaPlugin';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
// Under Vitest the browser code also gets the fixture modules the engine's screen tests render.
const testSchemas = process.env.VITEST ? [fileURLToPath(new URL('./tests/unit/fixtures/schemas', import.meta.url))] : [];

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), schemaPlugin(undefined, undefined, testSchemas), browserCataloguePlugin()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/support/setup.ts'],
          // Bounds for a loaded machine, not clocks tests wait on (docs/testing.md).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
