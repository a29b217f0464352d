// Unit, server (inject) and API-client tests. Browser tests live in jest.e2e.config.cjs.
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }] };
const transformIgnorePatterns = ['/node_modules/(?!(nock|@mswjs/interceptors|@open-draft|rettime|@fastify/cookie|@tanstack|@x0k/json-schema-merge|cookie|content-disposition|jose|kysely)/)'];
// 20 s per test: on a clean clone the first tests transform the lazy screens with a cold cache on two shared cores.
const { jestModuleNameMapper } = require('./scripts/path-aliases.cjs');
const common = { moduleNameMapper: jestModuleNameMapper, transform, transformIgnorePatterns, moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'], testTimeout: 20_000 };

module.exports = {
  // testTimeout is a global option: inside `projects` jest ignores it.
  testTimeout: 20_000,
  projects: [
    { ...common, displayName: 'node', testEnvironment: 'node', testMatch: ['<rootDir>/tests/**/*.test.ts'], testPathIgnorePatterns: ['/tests/e2e/'] },
    { ...common, displayName: 'dom', testEnvironment: '<rootDir>/tests/support/jsdom-environment.cjs', testMatch: ['<rootDir>/tests/**/*.test.tsx'], testPathIgnorePatterns: ['/tests/e2e/'], setupFilesAfterEnv: ['<rootDir>/tests/support/dom-setup.ts'] },
  ],
};
