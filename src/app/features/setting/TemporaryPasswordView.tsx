import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { Duplicate, Tick } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRMATION_MS } from '@domain/constants';

/** Writes the text to the clipboard; where the Clipboard API is refused, copies the selected field instead. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}

/**
 * The temporary password, shown once (spec 1 §4), with a copy button and its 3 s confirmation (spec 1 §9). It replaces
 * the button that asked for it (Confirm, Save), so it takes the focus when it appears, and is a status region so that
 * screen readers read it.
 */
export function TemporaryPasswordView({ username, password }: { username: string; password: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Callout intent="warning" title={t('modals.password.title')} className="cm-temporary-password" role="status">
      <p>{t('modals.password.text', { username })}</p>
      <InputGroup
        inputRef={field}
        readOnly
        value={password}
        aria-label={t('modals.password.title')}
        className="cm-temporary-password__value"
        style={{ fontFamily: 'monospace', fontSize: 16 }}
        rightElement={(
          <Button
            variant="minimal"
            icon={copied ? <Tick /> : <Duplicate />}
            intent={copied ? 'success' : 'none'}
            text={copied ? t('modals.password.copied') : t('modals.password.copy')}
            onClick={() => void copyText(password, field.current).then(setCopied)}
          />
        )}
      />
    </Callout>
  );
}
