// Lint: typescript-eslint type-checked rules, React hooks, jsx-a11y, and the folder boundaries of docs/architecture.md (Layout).
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A pattern is a glob, or globs with exceptions (`!`).
const restrict = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group: [group].flat(), message })) }];

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'dist-server/', 'node_modules/', 'data/', 'bench/out/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The hooks rules where React code is: they analyse every function like the React Compiler (a fifth of the lint's
  // time when they ran on the server and its tests too).
  { files: ['{src,widgets,studio}/**/*.{ts,tsx}', '**/*.tsx'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['engine/**'],
    rules: {
      'no-restricted-imports': restrict(
        ['react', 'react-*', 'react/*', '**/widgets/**', '**/src/**', 'node:*'],
        'engine/ runs the same in a browser, in Node and in tests: no React, DOM, Node APIs, widgets/ or src/.',
      ),
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'],
    },
  },
  {
    files: ['widgets/**'],
    rules: { 'no-restricted-imports': restrict(['**/src/**', '**/server/**'], 'widgets/ get everything through props; they never import src/ or server/.') },
  },
  {
    files: ['server/**'],
    rules: {
      // The widgets' declarations and JSON files are data (no React): the server reads flows with them, as the build does.
      'no-restricted-imports': restrict(
        [['**/widgets/**', '!**/widgets/*/', '!**/widgets/declarations.ts', '!**/widgets/**/*.json'], '**/src/**', 'react', 'react-*'],
        'server/ never imports widgets/ (but their declarations and data) or src/.',
      ),
    },
  },
  {
    files: ['src/**'],
    rules: { 'no-restricted-imports': restrict(['**/server/**'], 'src/ talks to server/ over HTTP through src/api/, never by import.') },
  },
  {
    files: ['src/**'],
    ignores: ['src/api/**'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/api/ calls fetch.' }] },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
