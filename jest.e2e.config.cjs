// Browser tests: Playwright (playwright-core API) on Debian's chromium against the real server, two workers with a server each.
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } }] };

const { jestModuleNameMapper } = require('./scripts/path-aliases.cjs');

module.exports = {
  rootDir: __dirname,
  moduleNameMapper: jestModuleNameMapper,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  transform,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
  globalSetup: '<rootDir>/tests/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/e2e/support/global-teardown.ts',
  testSequencer: '<rootDir>/tests/e2e/support/longest-first-sequencer.cjs',
  testTimeout: 120_000,
  // One server per worker (global setup): a worker runs its files one after another against its own database.
  maxWorkers: 2,
};
