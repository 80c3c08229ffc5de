import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The installed app's service worker (src/web/sw/sw.ts, docs/decisions/0017-service-worker-caching.md).
    // The manifest is served by the server from the agency settings, and the worker is registered by the
    // signed-in area only, so neither touches a public page's first load.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app's code, styles, fonts and icons; not the home page's videos and pictures, nor the public
        // search's map (MapLibre and its worker, 1.6 MB, fetched by whoever opens the map).
        globPatterns: ['assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
        globIgnores: ['**/*.br', '**/*.gz', 'assets/maplibre-gl*'],
      },
    }),
  ],
  resolve: {
    alias: { '@shared': path('./src/shared'), '@web': path('./src/web'), '@server': path('./src/server') },
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What every page runs in two chunks instead of a dozen small shared ones (fewer requests, better
        // compression): React with React DOM, then React Router and TanStack Query. boot.ts evaluates them in
        // separate tasks (docs/performance.md, "first-load JavaScript").
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'framework',
              test: /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
