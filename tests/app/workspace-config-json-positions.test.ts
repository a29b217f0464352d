import dataModelSchema from '../../schemas/data-model.schema.json';
import workspaceSchema from '../../schemas/workspace.schema.json';
import type { EditorProblem } from '@app/features/workspace-config/editor/config-problems';
import { jsonSyntaxHint, lineColumn, parseJson, pointerRange, pointerSegments, withLines } from '@app/features/workspace-config/editor/json-positions';
import { hoverTexts, schemaAtPointer } from '@app/features/workspace-config/editor/schema-at-pointer';

/** pointer → text offset over the Lezer JSON tree, and where JSON.parse failed (the problems panel's jumps). */
const TEXT = `{
  "id": "minimo",
  "groupsInputs": [
    { "label": "Anagrafica", "fields": ["nome", "manca"] }
  ],
  "a/b": { "~x": 1 },
  "empty": {},
  "id": "last"
}`;

const at = (pointer: string) => {
  const range = pointerRange(TEXT, pointer);
  return range && { text: TEXT.slice(range.from, range.to), exact: range.exact };
};

describe('pointerRange', () => {
  it('answers the whole document for the empty pointer', () => {
    expect(at('')).toEqual({ text: TEXT, exact: true });
  });

  it('walks object keys and array indexes to the value', () => {
    expect(at('/groupsInputs/0/fields/1')).toEqual({ text: '"manca"', exact: true });
    expect(at('/groupsInputs/0/label')).toEqual({ text: '"Anagrafica"', exact: true });
    expect(at('/groupsInputs/0')?.text).toMatch(/^\{ "label"/);
  });

  it('unescapes ~1 and ~0 (RFC 6901)', () => {
    expect(at('/a~1b/~0x')).toEqual({ text: '1', exact: true });
  });

  it('takes the last of duplicate keys, as JSON.parse does', () => {
    expect(at('/id')).toEqual({ text: '"last"', exact: true });
  });

  it('answers the deepest existing ancestor when a key or index is missing', () => {
    expect(at('/empty/required')).toEqual({ text: '{}', exact: false });
    expect(at('/groupsInputs/3')?.exact).toBe(false);
    expect(at('/groupsInputs/0/fields/x')).toEqual({ text: '["nome", "manca"]', exact: false });
  });

  it('still finds values in a text that does not parse', () => {
    const broken = '{\n  "id": "x",\n  "name": \n  "groupsInputs": [ { "label": "A" } ]\n}';
    const range = pointerRange(broken, '/id');
    expect(range && broken.slice(range.from, range.to)).toBe('"x"');
  });

  it('refuses a pointer that does not start with /', () => {
    expect(pointerRange(TEXT, 'id')).toBeNull();
    expect(pointerSegments('')).toEqual([]);
  });
});

describe('parseJson', () => {
  it('parses a valid text', () => {
    expect(parseJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('names the line and column of a syntax error', () => {
    const result = parseJson('{\n  "a": 1,\n  "b" 2\n}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.line).toBe(3);
    expect(result.error.column).toBeGreaterThanOrEqual(6);
    expect(result.error.message).toMatch(/JSON/);
  });

  it('places an unexpected end at the end of the text', () => {
    const text = '{"a": [1, 2';
    const result = parseJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.offset).toBeLessThanOrEqual(text.length);
  });

  it("says what was expected as a hint for the user's language, not as the engine's English sentence", () => {
    const result = parseJson('{\n  "id": "x",\n  nome: 1\n}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ hint: 'propertyName', line: 3, column: 3 });
    const hintOf = (text: string) => {
      const parsed = parseJson(text);
      return parsed.ok ? 'parsed' : parsed.error.hint;
    };
    expect(['{"a":1 "b":2}', '[1 2]', '{"a" 1}', '"abc', '{"a":', '{} x', 'not json at all'].map(hintOf))
      .toEqual(['commaOrBrace', 'commaOrBracket', 'colon', 'unterminatedString', 'end', 'trailing', 'unexpected']);
  });

  it("reads the hint and the place from Chromium's and Firefox's wordings too; an unknown wording gives no hint", () => {
    expect(jsonSyntaxHint('Expected double-quoted property name in JSON at position 20 (line 2 column 19)')).toBe('propertyName');
    expect(jsonSyntaxHint('JSON.parse: expected \',\' or \'}\' after property value in object at line 3 column 5 of the JSON data')).toBe('commaOrBrace');
    expect(jsonSyntaxHint('JSON.parse: bad control character in string literal at line 1 column 4 of the JSON data')).toBe('controlCharacter');
    expect(jsonSyntaxHint('JSON Parse error: something else')).toBeNull();
    // SpiderMonkey names no position, only the line and column
    const text = '{\n  "a": 1\n  "b": 2\n}';
    const realParse = JSON.parse;
    JSON.parse = () => {
      throw new SyntaxError("JSON.parse: expected ',' or '}' after property value in object at line 3 column 3 of the JSON data");
    };
    try {
      const result = parseJson(text);
      expect(result.ok ? null : result.error).toMatchObject({ hint: 'commaOrBrace', offset: text.indexOf('"b"'), line: 3, column: 3 });
    } finally {
      JSON.parse = realParse;
    }
  });

  it('lineColumn is 1-based', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('withLines (the problems panel\'s line of each problem)', () => {
  const texts = { workspace: TEXT, dataModel: '{\n  "id": "dm",\n  "model": {\n    "nome": { "label": "Nome" }\n  }\n}' };
  const problem = (document: 'workspace' | 'dataModel', pointer: string, extra: Partial<EditorProblem> = {}): EditorProblem => ({ document, pointer, rule: 'r', message: 'm', severity: 'error', ...extra });

  it('gives each problem the line its pointer points at, in its own document', () => {
    const located = withLines([problem('workspace', '/groupsInputs/0/fields/1'), problem('workspace', '/id'), problem('dataModel', '/model/nome/label'), problem('workspace', '')], texts);
    expect(located.map((p) => [p.document, p.pointer, p.line])).toEqual([
      ['workspace', '/groupsInputs/0/fields/1', 4],
      ['workspace', '/id', 8],
      ['dataModel', '/model/nome/label', 4],
      ['workspace', '', 1],
    ]);
  });

  it('a key the text lacks is on the line of the object that lacks it; a parse failure keeps its own line', () => {
    const located = withLines([problem('dataModel', '/model/nome/dataType'), problem('workspace', '/empty/label'), problem('dataModel', '', { offset: 3, line: 2, column: 3 })], texts);
    expect(located.map((p) => p.line)).toEqual([4, 7, 2]);
    expect(located[2]).toEqual(problem('dataModel', '', { offset: 3, line: 2, column: 3 }));
  });
});

describe('schemaAtPointer (the hover descriptions)', () => {
  const workspace = workspaceSchema as unknown as Record<string, unknown>;
  it('reaches keys through additionalProperties $ref and keeps their descriptions', () => {
    expect(schemaAtPointer(workspace, '/states/NUOVO/manual')).toMatchObject({ type: 'boolean', description: expect.stringContaining('Whether an agent may choose') });
    expect(schemaAtPointer(workspace, '/sessionTimeout')?.description).toMatch(/Idle timeout/);
    expect(schemaAtPointer(workspace, '/groupsInputs/0/fields/1')).toEqual({ type: 'string' });
  });

  it('keeps a description written beside a $ref and looks inside oneOf', () => {
    expect(schemaAtPointer(workspace, '/widgets/0/logic')?.description).toMatch(/json-logic over the contact/);
    expect(schemaAtPointer(workspace, '/states/NUOVO/onStateReached/smsRef')).toEqual({ type: 'string' });
  });

  it('answers null for a key the schema does not know', () => {
    expect(schemaAtPointer(workspace, '/nonsense/x')).toBeNull();
    expect(schemaAtPointer(dataModelSchema as unknown as Record<string, unknown>, '/model/nome')).not.toBeNull();
  });

  it('hoverTexts: the description and a short type line', () => {
    expect(hoverTexts({ type: 'string', enum: ['a', 'b'], description: 'x' })).toEqual({ message: 'x', typeInfo: 'enum: `a` or `b`' });
    expect(hoverTexts(null)).toEqual({ message: '', typeInfo: '' });
  });
});
