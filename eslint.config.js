// Lint holds the import direction of STYLE.md:
//   app -> features -> controllers / api-client -> translator -> domain;  renderers -> translator (types only), domain;
//   the server never imports React, the browser app, the renderers or the API client.
//   No import cycles (import-x/no-cycle), features never import each other (shared pieces live in src/app/ui/), and
//   an import that crosses layers uses the layer's alias (@domain/…, @translator/…, @renderers/…), never '../../..'.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { localRules } from './scripts/eslint/local-rules.js';

/** A layer's folder as import patterns: by relative path and by alias. */
const layer = (folder, alias) => [`**/${folder}/**`, `${alias}/*`, `${alias}/**`];
const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const react = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', '@blueprintjs/*', '@rjsf/*', 'react-hook-form', 'react-i18next'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', '**/*.cjs', 'src/translator/generated/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, local: localRules },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-cross-feature-imports': 'error',
      'local/alias-across-layers': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrict(
      [[...layer('translator', '@translator'), ...layer('server', '@server'), ...layer('app', '@app'), ...layer('api-client', '@api-client'), ...layer('renderers', '@renderers')], 'domain is the bottom layer: it imports no other layer'],
      [react, 'domain has no UI'],
    ),
  },
  {
    files: ['src/translator/**'],
    rules: restrict(
      [[...layer('server', '@server'), ...layer('app', '@app'), ...layer('api-client', '@api-client'), ...layer('renderers', '@renderers')], 'the translator is pure: it imports only domain'],
      [[...react, 'pg', '@electric-sql/*', 'fastify', 'node:fs', 'fs'], 'the translator is pure: no React, no I/O'],
    ),
  },
  {
    files: ['src/api-client/**'],
    rules: restrict(
      [[...layer('server', '@server'), ...layer('app', '@app'), ...layer('renderers', '@renderers')], 'the API client depends on domain (and translator types) only'],
      [react, 'the API client has no UI'],
    ),
  },
  {
    files: ['renderers/**'],
    rules: {
      ...restrict([[...layer('server', '@server'), ...layer('app', '@app'), ...layer('api-client', '@api-client')], 'renderers read only the translator output and formContext services']),
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: [...layer('translator', '@translator')], allowTypeImports: true,
        message: 'renderers import only types from the translator; shared data lives in src/domain',
      }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: restrict(
      [[...layer('app', '@app'), ...layer('renderers', '@renderers'), ...layer('api-client', '@api-client')], 'the server never imports browser code'],
      [react, 'the server never imports React'],
    ),
  },
  {
    files: ['src/app/**'],
    rules: {
      ...restrict([[...layer('server', '@server')], 'the browser reaches the server only through src/api-client']),
      // Blueprint names a busy button's spinner "loading" in every language: the app's own are named in the user's.
      'no-restricted-syntax': ['error',
        { selector: "JSXOpeningElement[name.name='Button'] > JSXAttribute[name.name='loading']", message: 'a busy button is an AppButton (src/app/ui/AppButton): Blueprint names its spinner "loading" in every language' },
        { selector: "JSXOpeningElement[name.name='Alert']", message: 'a confirmation is an AppAlert (src/app/ui/AppAlert): Blueprint\'s Alert names its busy button "loading" in every language' },
      ],
    },
  },
);
