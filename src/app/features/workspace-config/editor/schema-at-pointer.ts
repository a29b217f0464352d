import { pointerSegments } from './json-positions';

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode => !!value && typeof value === 'object' && !Array.isArray(value);

/** The schema node a local `$ref` (`#/definitions/x`) names in the root schema. */
const follow = (root: SchemaNode, node: SchemaNode | undefined, depth = 0): SchemaNode | undefined => {
  if (!node || typeof node.$ref !== 'string' || !node.$ref.startsWith('#') || depth > 20) return node;
  let target: unknown = root;
  for (const segment of pointerSegments(node.$ref.slice(1)) ?? []) target = isNode(target) ? target[segment] : undefined;
  return isNode(target) ? follow(root, target, depth + 1) : undefined;
};

const childOf = (root: SchemaNode, node: SchemaNode, segment: string): SchemaNode | undefined => {
  const properties = node.properties;
  if (isNode(properties) && isNode(properties[segment])) return properties[segment];
  if (Array.isArray(node.items) && /^\d+$/.test(segment)) return isNode(node.items[Number(segment)]) ? node.items[Number(segment)] : undefined;
  if (isNode(node.items) && /^\d+$/.test(segment)) return node.items;
  if (isNode(node.additionalProperties)) return node.additionalProperties;
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const alternatives = node[keyword];
    if (!Array.isArray(alternatives)) continue;
    for (const alternative of alternatives) {
      const resolved = follow(root, isNode(alternative) ? alternative : undefined);
      const found = resolved && childOf(root, resolved, segment);
      if (found) return found;
    }
  }
  return undefined;
};

/**
 * The schema of the value at a JSON pointer, following local `$ref`s, properties, additionalProperties, items and
 * oneOf/anyOf/allOf, with the description written beside a `$ref` kept. codemirror-json-schema's resolver loses the
 * description of a key reached through `additionalProperties: { $ref }` (a state's `manual`, a data-model field's
 * keys); the hover reads this instead.
 */
export function schemaAtPointer(root: SchemaNode, pointer: string): SchemaNode | null {
  const segments = pointerSegments(pointer);
  if (!segments) return null;
  let node: SchemaNode | undefined = root;
  for (const segment of segments) {
    const resolved = follow(root, node);
    node = resolved && childOf(root, resolved, segment);
    if (!node) return null;
  }
  const resolved = follow(root, node);
  if (!resolved) return null;
  return node.description !== undefined ? { ...resolved, description: node.description } : resolved;
}

const joinOr = (values: readonly unknown[]): string => values.map((value) => `\`${String(value)}\``).join(' or ');

/** The hover's texts: the description, and the type (or enum, const, pattern) as a short line. */
export function hoverTexts(node: SchemaNode | null | undefined): { message: string; typeInfo: string } {
  if (!node) return { message: '', typeInfo: '' };
  let typeInfo = Array.isArray(node.type) ? joinOr(node.type) : typeof node.type === 'string' ? node.type : '';
  if (Array.isArray(node.enum)) typeInfo = `enum: ${joinOr(node.enum)}`;
  if (node.const !== undefined) typeInfo = `const: ${joinOr([node.const])}`;
  if (typeof node.pattern === 'string') typeInfo += ` · pattern: \`${node.pattern}\``;
  if (typeof node.title === 'string' && typeInfo) typeInfo = `${node.title} (${typeInfo})`;
  return { message: typeof node.description === 'string' ? node.description : '', typeInfo };
}
