import { jsonLanguage } from '@codemirror/lang-json';
import type { SyntaxNode, Tree } from '@lezer/common';

/** A stretch of a JSON text; `exact` is false when only an ancestor of the pointer was found. */
export interface TextRange {
  from: number;
  to: number;
  exact: boolean;
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** The Lezer JSON tree of a text, to share between several pointerRange calls on the same text. */
export const parseTree = (text: string): Tree => jsonLanguage.parser.parse(text);

/** RFC 6901: '' is the whole document, '/a/0' is key a then index 0 (`~1` is '/', `~0` is '~'). */
export const pointerSegments = (pointer: string): string[] | null => {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  return pointer.slice(1).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
};

const childValues = (node: SyntaxNode): SyntaxNode[] => {
  const values: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (VALUE_NODES.has(child.name)) values.push(child);
  return values;
};

const propertyName = (text: string, property: SyntaxNode): string | null => {
  const name = property.getChild('PropertyName');
  if (!name) return null;
  try {
    return JSON.parse(text.slice(name.from, name.to)) as string;
  } catch {
    return null;
  }
};

/**
 * Where a JSON pointer's value is in a JSON text, read from the Lezer JSON parse tree (which also reads a text that
 * does not parse, so a problem still finds its place while the admin types). When a key or index is missing, the
 * deepest value that exists is answered with `exact: false`: a `required` problem points at the object that lacks
 * the key. Duplicate keys resolve to the last one, as JSON.parse does.
 */
export function pointerRange(text: string, pointer: string, tree: Tree = parseTree(text)): TextRange | null {
  const segments = pointerSegments(pointer);
  if (!segments) return null;
  const top = tree.topNode;
  let node = childValues(top)[0];
  if (!node) return null;
  for (const segment of segments) {
    let next: SyntaxNode | undefined;
    if (node.name === 'Object') {
      for (let property = node.firstChild; property; property = property.nextSibling) {
        if (property.name !== 'Property' || propertyName(text, property) !== segment) continue;
        // a property whose value is not written yet points at its name
        next = childValues(property)[0] ?? property.getChild('PropertyName') ?? property;
      }
    } else if (node.name === 'Array' && /^(0|[1-9][0-9]*)$/.test(segment)) {
      next = childValues(node)[Number(segment)];
    }
    if (!next) return { from: node.from, to: node.to, exact: false };
    node = next;
  }
  return { from: node.from, to: node.to, exact: true };
}

/** 1-based line and column of an offset. */
export const lineColumn = (text: string, offset: number): { line: number; column: number } => {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
};

/** The offset each line of a text starts at. */
const lineStarts = (text: string): number[] => {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
};

/** The 1-based line of an offset, from a text's line starts. */
const lineOf = (starts: readonly number[], offset: number): number => {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
};

/**
 * Each problem with the line of its document's text that its pointer points at (the value, or the deepest ancestor
 * the text has: a missing key is on the line of the object that lacks it), for the problems panel. Each text is
 * parsed once however many problems point into it; a problem that knows its line already (a parse failure) keeps it.
 */
export function withLines<P extends { document: string; pointer: string; line?: number }>(problems: readonly P[], texts: Readonly<Record<string, string>>): P[] {
  const places = new Map<string, { tree: Tree; starts: number[] } | null>();
  const placeOf = (document: string) => {
    if (!places.has(document)) {
      const text = texts[document];
      places.set(document, typeof text === 'string' ? { tree: parseTree(text), starts: lineStarts(text) } : null);
    }
    return places.get(document) ?? null;
  };
  return problems.map((problem) => {
    if (problem.line !== undefined) return problem;
    const place = placeOf(problem.document);
    const range = place && pointerRange(texts[problem.document], problem.pointer, place.tree);
    return range && place ? { ...problem, line: lineOf(place.starts, range.from) } : problem;
  });
}

/**
 * What the parser expected where it stopped, read from the engine's message (V8 and SpiderMonkey word these alike;
 * another engine's wording gives no hint): the view says it in the user's language, never the engine's English.
 */
export type JsonSyntaxHint =
  | 'propertyName'
  | 'commaOrBrace'
  | 'commaOrBracket'
  | 'colon'
  | 'unterminatedString'
  | 'controlCharacter'
  | 'escape'
  | 'end'
  | 'trailing'
  | 'unexpected';

export interface JsonParseFailure {
  /** The engine's own words, in English: for logs, not for the screen (the hint is). */
  message: string;
  hint: JsonSyntaxHint | null;
  offset: number;
  line: number;
  column: number;
}

// the first that matches: "Expected ',' or '}' after property value" must not read as "expected ':'"
const HINTS: ReadonlyArray<[RegExp, JsonSyntaxHint]> = [
  [/double-quoted property name|expected property name|property name must be a string/i, 'propertyName'],
  [/expected ',' or '\}'/i, 'commaOrBrace'],
  [/expected ',' or '\]'/i, 'commaOrBracket'],
  [/expected ':'/i, 'colon'],
  [/unterminated string/i, 'unterminatedString'],
  [/control character/i, 'controlCharacter'],
  [/escape/i, 'escape'],
  [/end of (json input|data)/i, 'end'],
  [/non-whitespace character after json/i, 'trailing'],
  [/unexpected (token|character|identifier)/i, 'unexpected'],
];

export const jsonSyntaxHint = (message: string): JsonSyntaxHint | null => HINTS.find(([pattern]) => pattern.test(message))?.[1] ?? null;

/** The offset of a 1-based line and column (SpiderMonkey says "at line L column C", not a position). */
const offsetOf = (text: string, line: number, column: number): number => {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return Math.min(offset + column - 1, text.length);
};

const firstSyntaxError = (text: string): number | null => {
  let found: number | null = null;
  jsonLanguage.parser.parse(text).iterate({
    enter: (node) => {
      if (found !== null) return false;
      if (node.type.isError) {
        found = node.from;
        return false;
      }
      return undefined;
    },
  });
  return found;
};

/**
 * JSON.parse of a document, with where it failed: the engine's `position N` (V8) or `line L column C` (SpiderMonkey)
 * when its message has one, otherwise the first error node of the parse tree, otherwise the end of the text.
 */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: JsonParseFailure } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    const position = /position (\d+)/.exec(message);
    const lineAndColumn = /line (\d+) column (\d+)/.exec(message);
    const offset = position
      ? Number(position[1])
      : lineAndColumn
        ? offsetOf(text, Number(lineAndColumn[1]), Number(lineAndColumn[2]))
        : (firstSyntaxError(text) ?? text.length);
    return { ok: false, error: { message, hint: jsonSyntaxHint(message), offset, ...lineColumn(text, offset) } };
  }
}
