import { useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HOTKEYS } from '../../shell/hotkeys/hotkey-combos';
import type { DispositionController } from './use-disposition-controller';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * The embedded entry's shortcuts: open the disposition dialog; inside it, a digit picks that outcome of the first
 * level still unchosen (else of the last level), so an agent dispositions a call with two keys.
 */
export const useEmbedHotkeys = ({ canOpen, open, isOpen, disposition }: { canOpen: boolean; open(): void; isOpen: boolean; disposition: DispositionController }): void => {
  const { t } = useTranslation();
  const latest = useRef({ canOpen, open, disposition });
  latest.current = { canOpen, open, disposition };
  const group = t('hotkeys.embed');
  const hotkeys = useMemo<HotkeyConfig[]>(() => [
    { combo: HOTKEYS.disposition, label: t('hotkeys.disposition'), group, global: true, allowInInput: true, preventDefault: true,
      onKeyDown: () => { if (latest.current.canOpen) latest.current.open(); } },
    ...DIGITS.map((digit, index): HotkeyConfig => ({
      combo: digit, label: t('hotkeys.pickOutcome', { n: digit }), group, global: true, disabled: !isOpen, preventDefault: true,
      onKeyDown: () => {
        const { levels, choose } = latest.current.disposition;
        const level = levels.find((view) => view.value === '') ?? levels[levels.length - 1];
        const option = level?.options[index];
        if (!level || !option) return;
        choose(level.level, option.value);
        document.getElementById(`cm-disposition-${level.level}`)?.focus();
      },
    })),
  ], [t, group, isOpen]);
  useHotkeys(hotkeys);
};
