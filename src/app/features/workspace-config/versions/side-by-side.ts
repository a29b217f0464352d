import type { JsonPatch } from '@domain/api/workspace-config';
import { childPointer } from './json-pointer';

/** How a line of one side differs from the other: what the patch removed, added or replaced at (or under) it. */
export type LineMark = 'removed' | 'added' | 'changed';

/** One line of a document printed as JSON.stringify(value, null, 2) prints it, with the pointer of the value it shows. */
export interface MarkedLine {
  /** 1-based, as a gutter shows it. */
  number: number;
  text: string;
  pointer: string;
  mark: LineMark | null;
}

export interface SideBySide {
  before: MarkedLine[];
  after: MarkedLine[];
}

/**
 * The lines of JSON.stringify(value, null, 2), each with the pointer of the value it opens, holds or closes (a key's
 * line is its value's pointer; a closing bracket is its container's), so a patch path finds its lines.
 */
export function jsonLines(value: unknown): Array<{ text: string; pointer: string }> {
  const lines: Array<{ text: string; pointer: string }> = [];
  const walk = (node: unknown, pointer: string, indent: string, prefix: string, comma: string) => {
    const open = (text: string) => lines.push({ text: `${indent}${prefix}${text}`, pointer });
    if (Array.isArray(node) && node.length) {
      open('[');
      node.forEach((item, i) => walk(item === undefined ? null : item, childPointer(pointer, i), `${indent}  `, '', i < node.length - 1 ? ',' : ''));
      lines.push({ text: `${indent}]${comma}`, pointer });
    } else if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      const entries = Object.entries(node).filter(([, v]) => v !== undefined);
      if (!entries.length) { open(`{}${comma}`); return; }
      open('{');
      entries.forEach(([key, v], i) => walk(v, childPointer(pointer, key), `${indent}  `, `${JSON.stringify(key)}: `, i < entries.length - 1 ? ',' : ''));
      lines.push({ text: `${indent}}${comma}`, pointer });
    } else {
      open(`${Array.isArray(node) ? '[]' : JSON.stringify(node) ?? 'null'}${comma}`);
    }
  };
  walk(value, '', '', '', '');
  return lines;
}

/** What each side marks: the older document where values went away or were replaced, the newer where they came or changed. */
function patchMarks(patch: JsonPatch): { before: Array<[string, LineMark]>; after: Array<[string, LineMark]> } {
  const before: Array<[string, LineMark]> = [];
  const after: Array<[string, LineMark]> = [];
  for (const operation of patch) {
    switch (operation.op) {
      case 'add': after.push([operation.path, 'added']); break;
      case 'remove': before.push([operation.path, 'removed']); break;
      case 'replace': before.push([operation.path, 'changed']); after.push([operation.path, 'changed']); break;
      case 'move':
        if (operation.from !== undefined) before.push([operation.from, 'removed']);
        after.push([operation.path, 'added']);
        break;
      case 'copy': after.push([operation.path, 'added']); break;
      default: break;
    }
  }
  return { before, after };
}

/** The mark of the closest patch path at or above the line's pointer. */
function markOf(pointer: string, marks: Array<[string, LineMark]>): LineMark | null {
  let best: [string, LineMark] | null = null;
  for (const entry of marks) {
    const [path] = entry;
    const covers = path === '' || pointer === path || pointer.startsWith(`${path}/`);
    if (covers && (best === null || path.length > best[0].length)) best = entry;
  }
  return best ? best[1] : null;
}

/**
 * The two versions of a document as two columns of lines, the lines the JSON Patch between them touches marked: a
 * removed or replaced value in the older column, an added or replaced one in the newer.
 */
export function sideBySide(before: unknown, after: unknown, patch: JsonPatch): SideBySide {
  const marks = patchMarks(patch);
  const side = (document: unknown, list: Array<[string, LineMark]>): MarkedLine[] =>
    jsonLines(document).map((line, i) => ({ number: i + 1, ...line, mark: markOf(line.pointer, list) }));
  return { before: side(before, marks.before), after: side(after, marks.after) };
}
