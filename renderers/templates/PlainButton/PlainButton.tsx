import { Classes, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface PlainButtonProps {
  id?: string;
  text?: string;
  /** A static icon component (e.g. `<AddIcon size={12} />`): rendered at once, no icon loading. */
  icon?: ReactNode;
  label?: string;
  intent?: Intent;
  minimal?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}

/**
 * A small button from Blueprint's CSS classes. Blueprint's Button wraps its text in Text, whose layout effect sets
 * state on mount (a second render per button), and loads named icons asynchronously; with one button per array
 * field, a 500-field form paid 160 ms for them on first render.
 */
export function PlainButton({ id, text, icon, label, intent, minimal, disabled, onClick }: PlainButtonProps) {
  const classes = [Classes.BUTTON, Classes.SMALL, minimal ? Classes.MINIMAL : '', intent && intent !== 'none' ? Classes.intentClass(intent) : '', disabled ? Classes.DISABLED : ''].filter(Boolean).join(' ');
  return (
    <button id={id} type="button" className={classes} disabled={disabled} aria-label={label} onClick={onClick}>
      {icon}
      {text ? <span className={Classes.BUTTON_TEXT}>{text}</span> : null}
    </button>
  );
}
