import { Button, Classes, Icon, SpinnerSize, type ButtonProps } from '@blueprintjs/core';
import { forwardRef } from 'react';
import { AppSpinner } from './AppSpinner';

/**
 * Blueprint's Button whose busy state speaks the user's language. Blueprint's own `loading` hides the button's text and
 * shows a spinner named "loading" in every language, which becomes the button's name while it works. This one looks
 * the same (Blueprint's loading class: the spinner over the hidden icon and text, which keep the button's width), keeps
 * its name while busy (its text, or its aria-label), is disabled and aria-busy, and its spinner is the app's
 * (AppSpinner, "Caricamento…" / "Loading…").
 */
export const AppButton = forwardRef<HTMLButtonElement, ButtonProps>(function AppButton({ loading, icon, className, disabled, ...props }, ref) {
  if (!loading) return <Button ref={ref} {...props} icon={icon} className={className} disabled={disabled} />;
  const glyph = typeof icon === 'string' ? <Icon icon={icon} /> : icon;
  return (
    <Button
      ref={ref}
      {...props}
      aria-busy
      aria-label={props['aria-label'] ?? (typeof props.text === 'string' ? props.text : undefined)}
      disabled
      className={[className, Classes.LOADING].filter(Boolean).join(' ')}
      icon={<><AppSpinner className={Classes.BUTTON_SPINNER} size={SpinnerSize.SMALL} />{glyph}</>}
    />
  );
});
