// Lint holds the import direction of STYLE.md:
//   app -> features -> controllers / api-client -> translator -> domain;  renderers -> translator (types only), domain;
//   the server never imports React, the browser app, the renderers or the API client.
import tseslint from 'typescript-eslint';

const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const react = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', '@blueprintjs/*', '@rjsf/*', 'react-hook-form', 'react-i18next'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', '**/*.cjs', 'src/translator/generated/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrict(
      [['**/translator/**', '**/server/**', '**/app/**', '**/api-client/**', '**/renderers/**'], 'domain is the bottom layer: it imports no other layer'],
      [react, 'domain has no UI'],
    ),
  },
  {
    files: ['src/translator/**'],
    rules: restrict(
      [['**/server/**', '**/app/**', '**/api-client/**', '**/renderers/**'], 'the translator is pure: it imports only domain'],
      [[...react, 'pg', '@electric-sql/*', 'fastify', 'node:fs', 'fs'], 'the translator is pure: no React, no I/O'],
    ),
  },
  {
    files: ['src/api-client/**'],
    rules: restrict(
      [['**/server/**', '**/app/**', '**/renderers/**'], 'the API client depends on domain (and translator types) only'],
      [react, 'the API client has no UI'],
    ),
  },
  {
    files: ['renderers/**'],
    rules: {
      ...restrict([['**/server/**', '**/app/**', '**/api-client/**'], 'renderers read only the translator output and formContext services']),
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: ['**/translator/**'], allowTypeImports: true,
        message: 'renderers import only types from the translator; shared data lives in src/domain',
      }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: restrict(
      [['**/app/**', '**/renderers/**', '**/api-client/**'], 'the server never imports browser code'],
      [react, 'the server never imports React'],
    ),
  },
  {
    files: ['src/app/**'],
    rules: restrict([['**/server/**'], 'the browser reaches the server only through src/api-client']),
  },
);
