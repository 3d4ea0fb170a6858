// `npm run studio`: the flow studio, served by Vite in development only (never part of the phone app's build), on a
// port of its own. Two pages: the studio (index.html) and the phone preview it shows in frames (preview.html).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { studioDataPlugin } from './data-plugin.ts';
import { studioReportPlugin } from './report/report-plugin.ts';

export default defineConfig({
  root: import.meta.dirname,
  // Its own cache of pre-bundled libraries: the app's dev server keeps node_modules/.vite.
  cacheDir: '../node_modules/.vite-studio',
  plugins: [react(), studioDataPlugin(), studioReportPlugin()],
  server: { port: 5180 },
  optimizeDeps: {
    // The widgets are lazy imports: found up front, their libraries are bundled once at start, not on a first preview
    // (which would reload the page).
    entries: ['index.html', 'preview.html', '../widgets/**/*.tsx'],
  },
});
