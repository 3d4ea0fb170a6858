// Builds the web app; refuses to build while any flow has a problem (the same lines as `npm run flows:check`).
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { flowFolders } from './server/flow-files.ts';
import { flowModules } from './scripts/flow-modules.ts';
import { prerenderPages } from './scripts/prerender.ts';
import { routePages } from './scripts/route-pages.ts';
import { flowProblems } from './scripts/flows-check.ts';

function checkFlows(): Plugin {
  return {
    name: 'claimflow:flows-check',
    buildStart() {
      const lines = flowProblems();
      if (lines.length) this.error(`flows have problems:\n${lines.join('\n')}`);
    },
    handleHotUpdate({ file, server }) {
      if (!/\/(flows|locales)\//.test(file)) return;
      const lines = flowProblems();
      if (lines.length) server.ws.send({ type: 'error', err: { message: lines.join('\n'), stack: '' } });
    },
  };
}

/**
 * App modules of the first screen that lazy chunks import too (else each would be a tiny chunk of its own). Not the
 * place services' code (src/geo/ but the module choosing them: imported on first use), nor the pages in folders of their own (src/pages/<page>/, lazy routes: home, search, report) nor the API clients only they use,
 * nor the step events code a funnel loads after its first step (src/analytics/, but for its hook), nor the makes' names
 * (engine/vehicle-make.ts: results, reports and the make field), nor the claim estimate and its state facts
 * (engine/estimate.ts, engine/state-facts.ts: the calculator's results step). The report's preload (which route is a report's) is the
 * entry's on every URL: in the shell, not a small file more; the request and API client it starts go with the report.
 */
const SHELL =
  /[\\/](src[\\/](?!main\.tsx|geo[\\/](?!geo-services)|pages[\\/][^\\/]+[\\/]|api[\\/]report|analytics[\\/](?!use-step-events))|engine[\\/](?!vehicle-make|estimate|state-facts)|widgets[\\/](types|lazy-widget|registry)\.tsx?$|widgets[\\/]shared[\\/](geo|use-copy)\.ts$|widgets[\\/]dialog[\\/]|widgets[\\/]locate[\\/]map-view\.ts$|src[\\/]pages[\\/]report[\\/]preload\.ts$)/;

export default defineConfig({
  plugins: [
    react(),
    checkFlows(),
    flowModules(),
    routePages(),
    prerenderPages(),
    // Brotli and gzip copies of every text asset next to it, served by the API as they are (server/app.ts: preCompressed);
    // not of the pages, whose head the server writes per visit (server/pages.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.(map|html)$/, logLevel: 'silent' }),
  ],
  // The copy the app fetches (src/api/catalogues.ts): locales/, or LOCALES_DIR's folder.
  resolve: {
    alias: [
      { find: '@locales', replacement: flowFolders().localesDir },
      // React 19 has useSyncExternalStore: the shim of it for React 17 that @xstate/react and wouter import would be dead
      // weight on the first screen.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: join(import.meta.dirname, 'src', 'use-sync-external-store.ts') },
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    // Catalogues stay files of their own (src/i18n.ts fetches one language's), never inlined into the code as data: URLs.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Catalogue files carry their language (en-common-*.json), so a network log shows which language was fetched.
        assetFileNames: (asset) => {
          const lang = /(^|\/)locales\/([a-z]{2})\/[^/]+\.json$/.exec(asset.originalFileNames[0] ?? '')?.[2];
          return `assets/${lang ? `${lang}-` : ''}[name]-[hash][extname]`;
        },
        // The first screen in few files (each one a round trip on a slow phone network): the libraries every funnel starts
        // with, and the app's own shell code that lazy widgets share with it; the rest split per widget and per flow.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // <Trans> and its HTML parser go with the widgets that use them, not with the first screen.
              test: /node_modules[\\/]((react|react-dom|scheduler|wouter|regexparam|i18next|i18next-resources-to-backend|use-sync-external-store|xstate|@xstate[\\/]react|json-logic-js)[\\/]|react-i18next[\\/](?!dist[\\/]es[\\/]Trans))/,
            },
            { name: 'shell', test: SHELL },
            // Leaflet and what draws with it, one chunk for every map (the accident map, the results' map), fetched with the first map.
            { name: 'leaflet', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]|widgets[\\/]locate[\\/]MapName\.tsx$/ },
          ],
        },
      },
    },
  },
});
