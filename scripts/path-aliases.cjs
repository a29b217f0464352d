// The layer aliases of tsconfig.json's `paths`, in one place for jest (moduleNameMapper) and vite (resolve.alias).
const path = require('node:path');

const root = path.resolve(__dirname, '..');
/** alias -> folder, relative to the repository root. */
const PATH_ALIASES = {
  '@domain': 'src/domain',
  '@translator': 'src/translator',
  '@api-client': 'src/api-client',
  '@server': 'src/server',
  '@app': 'src/app',
  '@renderers': 'renderers',
};

const jestModuleNameMapper = Object.fromEntries(
  Object.entries(PATH_ALIASES).map(([alias, folder]) => [`^${alias}/(.*)$`, `<rootDir>/${folder}/$1`]),
);
const viteAliases = Object.entries(PATH_ALIASES).map(([alias, folder]) => ({ find: new RegExp(`^${alias}/`), replacement: `${path.join(root, folder)}/` }));

module.exports = { PATH_ALIASES, jestModuleNameMapper, viteAliases };
