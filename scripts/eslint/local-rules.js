// Import rules of STYLE.md that need the importing file's place in the tree, not only the import's text.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALIASES = {
  '@domain/': 'src/domain/',
  '@translator/': 'src/translator/',
  '@api-client/': 'src/api-client/',
  '@server/': 'src/server/',
  '@app/': 'src/app/',
  '@renderers/': 'renderers/',
};
/** The layers, as folders from the root; the first that contains a file is its layer. */
const LAYERS = Object.values(ALIASES).map((folder) => folder.slice(0, -1));

const relative = (file) => path.relative(root, file).split(path.sep).join('/');
const layerOf = (rel) => LAYERS.find((layer) => rel === layer || rel.startsWith(`${layer}/`));
const featureOf = (rel) => /^src\/app\/features\/([^/]+)\//.exec(`${rel}/`)?.[1];

/** The repository-relative path an import names, or undefined for a package. */
function targetOf(file, source) {
  if (source.startsWith('.')) return relative(path.resolve(path.dirname(file), source));
  const alias = Object.keys(ALIASES).find((prefix) => source.startsWith(prefix));
  return alias ? ALIASES[alias] + source.slice(alias.length) : undefined;
}

/** Calls `check(node, source)` for every static import, re-export and dynamic import with a literal path. */
function eachImport(check) {
  const literal = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => literal(node.source) !== undefined && check(node, literal(node.source)),
  };
}

const noCrossFeatureImports = {
  meta: { type: 'problem', messages: { cross: "feature '{{own}}' imports feature '{{other}}': move the shared piece to src/app/ui/ (or a service)" } },
  create(context) {
    const own = featureOf(relative(context.filename));
    if (!own) return {};
    return eachImport((node, source) => {
      const target = targetOf(context.filename, source);
      const other = target && featureOf(target);
      if (other && other !== own) context.report({ node, messageId: 'cross', data: { own, other } });
    });
  },
};

const aliasAcrossLayers = {
  meta: { type: 'suggestion', fixable: 'code', messages: { alias: "import from another layer ({{layer}}) by its alias '{{alias}}', not by a relative path" } },
  create(context) {
    const file = relative(context.filename);
    const own = layerOf(file);
    return eachImport((node, source) => {
      if (!source.startsWith('.')) return;
      const target = targetOf(context.filename, source);
      const layer = target && layerOf(target);
      if (!layer || layer === own) return;
      const alias = Object.keys(ALIASES).find((prefix) => ALIASES[prefix] === `${layer}/`);
      const aliased = alias + target.slice(layer.length + 1);
      const literal = node.source;
      context.report({
        node,
        messageId: 'alias',
        data: { layer, alias: `${alias}…` },
        fix: literal && literal.type === 'Literal' ? (fixer) => fixer.replaceText(literal, `${literal.raw[0]}${aliased}${literal.raw[0]}`) : null,
      });
    });
  },
};

export const localRules = { rules: { 'no-cross-feature-imports': noCrossFeatureImports, 'alias-across-layers': aliasAcrossLayers } };
