/** The words CodeMirror itself shows or announces (view, language, lint, autocomplete, commands), by their English text, and the key of their translation under workspaceConfig.editor.codemirror. */
export const CODEMIRROR_PHRASES: Readonly<Record<string, string>> = {
  'Fold line': 'foldLine',
  'Unfold line': 'unfoldLine',
  'folded code': 'foldedCode',
  unfold: 'unfold',
  Diagnostics: 'diagnostics',
  'No diagnostics': 'noDiagnostics',
  Completions: 'completions',
  'Selection deleted': 'selectionDeleted',
  close: 'close',
  'Control character': 'controlCharacter',
  to: 'to',
};
