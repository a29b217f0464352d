import { Classes, Colors } from '@blueprintjs/core';
import { AVAILABILITY_COLOURS, AVAILABILITY_LABELS } from '@domain/availability';
import type { Translate } from '../../i18n/messages';
import { useStyleSheet } from '../style-sheet';

const COLOUR_VALUES: Record<(typeof AVAILABILITY_COLOURS)[keyof typeof AVAILABILITY_COLOURS], { background: string; color: string }> = {
  green: { background: Colors.GREEN2, color: Colors.WHITE },
  yellow: { background: Colors.GOLD5, color: Colors.BLACK },
  orange: { background: Colors.ORANGE2, color: Colors.WHITE },
  red: { background: Colors.RED2, color: Colors.WHITE },
  grey: { background: Colors.GRAY1, color: Colors.WHITE },
};

/** The ribbon's colours as classes: no inline style per ribbon (a list draws one per row). */
export const RIBBON_CSS = Object.entries(COLOUR_VALUES)
  .map(([colour, v]) => `.cm-ribbon.cm-ribbon--${colour} { background-color: ${v.background}; color: ${v.color}; }`)
  .join('\n');

type Known = keyof typeof AVAILABILITY_LABELS;
const isKnown = (v: unknown): v is Known => typeof v === 'string' && v in AVAILABILITY_LABELS;

/**
 * The availability ribbon of spec 2 §2.3: label and colour per availability, 'for you' when the contact is the user's.
 * The label is the spec's Italian in it-IT and translated in English (renderers' catalogue, `availability.*`).
 */
export function availabilityOf(value: unknown, t: Translate): { label: string; colour: keyof typeof COLOUR_VALUES } {
  if (isKnown(value)) return { label: t(`availability.${value}`), colour: AVAILABILITY_COLOURS[value] };
  return { label: '-', colour: 'grey' };
}

/**
 * The ribbon's element, for lists that add RIBBON_CSS themselves (the contact table does, with its own rules): one
 * span with one text node, Blueprint's round tag look, the colour from a class.
 */
export function ribbonElement(value: unknown, forYou: boolean, t: Translate) {
  const a = availabilityOf(value, t);
  return (
    <span className={`${Classes.TAG} ${Classes.ROUND} cm-ribbon cm-ribbon--${a.colour}`} data-colour={a.colour}>
      {forYou ? `${a.label} ${t('table.forYou')}` : a.label}
    </span>
  );
}

export function AvailabilityRibbon({ value, forYou, t }: { value: unknown; forYou: boolean; t: Translate }) {
  useStyleSheet('cm-ribbon-styles', RIBBON_CSS);
  return ribbonElement(value, forYou, t);
}
