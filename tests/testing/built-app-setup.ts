// The browser suites' global setup: the web app built once for the whole run (each suite used to build its own),
// handed to the suites as inject('builtApp') and removed afterwards.
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { buildApp } from './build-app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the production build the browser suites serve. */
    builtApp: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await buildApp();
  project.provide('builtApp', dir);
  return () => rm(dir, { recursive: true, force: true });
}
