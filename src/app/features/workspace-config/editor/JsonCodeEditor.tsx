import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, ensureSyntaxTree, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState, type Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import { jsonCompletion, jsonSchemaHover, parseJSONDocumentState, stateExtensions, type JSONPointersMap } from 'codemirror-json-schema';
import type { Tree } from '@lezer/common';
import { useEffect, useRef } from 'react';
import type { EditorProblem } from './config-problems';
import { parseTree, pointerRange } from './json-positions';
import { hoverTexts, schemaAtPointer } from './schema-at-pointer';

/** The JSON Schema (draft 7) codemirror-json-schema reads. */
export type EditorSchema = NonNullable<Parameters<typeof stateExtensions>[0]>;

export interface JsonCodeEditorProps {
  id: string;
  value: string;
  onChange(text: string): void;
  /** Key completion and hover descriptions come from this schema. */
  schema: EditorSchema;
  /** This document's problems, underlined at their pointers. */
  problems: readonly EditorProblem[];
  /** Move the cursor here when seq changes (a click in the problems panel). */
  jump: { pointer: string; offset?: number; seq: number } | null;
  /** Ctrl/Cmd+S. */
  onSave(): void;
  label: string;
  hidden: boolean;
  /** CodeMirror's own words (fold markers, the diagnostics and completion panels…), English phrase → the user's language. */
  phrases?: Record<string, string>;
}

const NO_POINTERS: JSONPointersMap = new Map();
const completionData = new WeakMap<Text, unknown>();
/**
 * The document as the key completion reads it: only its data is used, but the library's own parser also maps every
 * JSON pointer of the text (~40 ms a keystroke on the 150 kB data model of campagna-grande). JSON.parse, once per
 * document; a text that does not parse falls back to the library's best-effort parser.
 */
const completionParser = (state: EditorState): { data: unknown; pointers: JSONPointersMap } => {
  if (completionData.has(state.doc)) return { data: completionData.get(state.doc), pointers: NO_POINTERS };
  let data: unknown;
  try {
    data = JSON.parse(state.doc.toString());
  } catch {
    data = parseJSONDocumentState(state).data;
  }
  completionData.set(state.doc, data);
  return { data, pointers: NO_POINTERS };
};

/** Where a problem is in the text: its parse offset, else its pointer's value, else the document's start. */
export const problemRange = (text: string, problem: { pointer: string; offset?: number }, tree?: Tree): { from: number; to: number } => {
  if (problem.offset !== undefined) {
    const at = Math.min(problem.offset, text.length);
    return { from: at, to: Math.min(at + 1, text.length) };
  }
  const range = pointerRange(text, problem.pointer, tree);
  return range ? { from: range.from, to: range.to } : { from: 0, to: 0 };
};

const EDITOR_THEME = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', border: '1px solid rgba(17, 20, 24, 0.2)', borderRadius: '2px', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
  '&.cm-focused': { outline: '2px solid rgba(45, 114, 210, 0.6)' },
  '.cm-tooltip': { maxWidth: '420px' },
});

/**
 * A CodeMirror 6 JSON editor with the schema's key completion and hover descriptions (codemirror-json-schema) and the
 * draft's problems as diagnostics. CodeMirror keeps its own document: the value prop only replaces it when it
 * changes from outside (discard, restore), never while typing.
 */
export function JsonCodeEditor(props: JsonCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          foldGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([
            { key: 'Mod-s', preventDefault: true, run: () => { latest.current.onSave(); return true; } },
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...foldKeymap,
            ...completionKeymap,
          ]),
          json(),
          lintGutter(),
          jsonLanguage.data.of({ autocomplete: jsonCompletion({ jsonParser: completionParser }) }),
          hoverTooltip(jsonSchemaHover({
            getHoverTexts: ({ schema, pointer }) => {
              const own = schemaAtPointer(latest.current.schema as Record<string, unknown>, pointer);
              return hoverTexts(own ?? (schema as Record<string, unknown>));
            },
          })),
          stateExtensions(latest.current.schema),
          EDITOR_THEME,
          EditorState.phrases.of(latest.current.phrases ?? {}),
          // tabindex 0: the editable content is in the tab order already, but axe (scrollable-region-focusable) counts
          // only elements it knows as focusable inside the scroller (which CodeMirror gives tabindex -1)
          EditorView.contentAttributes.of({ 'aria-label': latest.current.label, id: latest.current.id, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // a text set from outside: discard, a restored draft, a reload
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== props.value) editor.dispatch({ changes: { from: 0, to: current.length, insert: props.value } });
  }, [props.value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const text = editor.state.doc.toString();
    // the editor's own parse tree (kept up to date incrementally as it is typed), not a new parse of the whole text
    const tree = props.problems.some((problem) => problem.offset === undefined) ? ensureSyntaxTree(editor.state, editor.state.doc.length, 200) ?? parseTree(text) : undefined;
    const diagnostics: Diagnostic[] = props.problems.map((problem) => {
      const { from, to } = problemRange(text, problem, tree);
      return { from, to, severity: problem.severity, message: problem.pointer ? `${problem.pointer}: ${problem.message}` : problem.message, source: problem.rule };
    });
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
    // CodeMirror moves the diagnostics with the text as it is edited: a new list is placed again, a keystroke is not
  }, [props.problems]);

  const jumpSeq = props.jump?.seq;
  useEffect(() => {
    const editor = view.current;
    const jump = latest.current.jump;
    if (!editor || !jump) return;
    const { from, to } = problemRange(editor.state.doc.toString(), jump);
    editor.dispatch({ selection: EditorSelection.single(from, to), effects: EditorView.scrollIntoView(from, { y: 'center' }) });
    editor.focus();
  }, [jumpSeq]);

  return <div ref={host} className="cm-json-editor" hidden={props.hidden} data-document={props.id} />;
}
