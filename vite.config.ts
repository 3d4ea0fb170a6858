// Builds the web app; refuses to build while any flow has a problem (the same lines as `npm run flows:check`).
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FLOWS_DIR, flowProblems } from './scripts/flows-check.ts';

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

export default defineConfig({
  plugins: [react(), checkFlows()],
  resolve: { alias: { '@flows': FLOWS_DIR } },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { target: 'es2022', sourcemap: true },
});
