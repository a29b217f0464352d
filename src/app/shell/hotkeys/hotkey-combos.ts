/**
 * Every shortcut of the app, in Blueprint's combo syntax. A combo without a modifier never fires while the focus is
 * in a text field (Blueprint's `allowInInput` stays false); those with one (`alt`, `mod`) work everywhere, so an agent
 * can save or take the next contact without leaving the field. README "Keyboard" lists the same table.
 */
export const HOTKEYS = {
  takeNext: 'alt+n',
  save: 'mod+s',
  release: 'alt+r',
  close: 'alt+w',
  nextGroup: 'alt+pagedown',
  previousGroup: 'alt+pageup',
  statePicker: 'alt+e',
  nextRow: 'j',
  previousRow: 'k',
  openRow: 'o',
  focusFilter: '/',
  nextPage: 'alt+pagedown',
  previousPage: 'alt+pageup',
  disposition: 'alt+d',
} as const;

export const hasModifier = (combo: string): boolean => /(^|\+)(alt|ctrl|meta|mod|cmd)\+/.test(combo);
