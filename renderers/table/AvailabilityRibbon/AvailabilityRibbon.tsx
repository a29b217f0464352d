import { Classes, Colors } from '@blueprintjs/core';
import { AVAILABILITY_COLOURS, AVAILABILITY_LABELS } from '../../../src/translator/translate-list';
import type { Translate } from '../../i18n/messages';

const COLOUR_VALUES: Record<(typeof AVAILABILITY_COLOURS)[keyof typeof AVAILABILITY_COLOURS], { background: string; color: string }> = {
  green: { background: Colors.GREEN3, color: Colors.WHITE },
  yellow: { background: Colors.GOLD5, color: Colors.BLACK },
  orange: { background: Colors.ORANGE3, color: Colors.WHITE },
  red: { background: Colors.RED3, color: Colors.WHITE },
  grey: { background: Colors.GRAY3, color: Colors.WHITE },
};

type Known = keyof typeof AVAILABILITY_LABELS;
const isKnown = (v: unknown): v is Known => typeof v === 'string' && v in AVAILABILITY_LABELS;

/** The availability ribbon of spec 2 §2.3: label and colour per availability, 'for you' when the contact is the user's. */
export function availabilityOf(value: unknown, label?: string): { label: string; colour: keyof typeof COLOUR_VALUES } {
  if (isKnown(value)) return { label: label ?? AVAILABILITY_LABELS[value], colour: AVAILABILITY_COLOURS[value] };
  return { label: '-', colour: 'grey' };
}

export function AvailabilityRibbon({ value, forYou, t, label }: { value: unknown; forYou: boolean; t: Translate; label?: string }) {
  const a = availabilityOf(value, label);
  const text = forYou ? `${a.label} ${t('table.forYou')}` : a.label;
  return (
    // Blueprint's tag look without its component: a list draws one ribbon per row.
    <span className={`${Classes.TAG} ${Classes.ROUND} cm-ribbon cm-ribbon--${a.colour}`} data-colour={a.colour} style={COLOUR_VALUES[a.colour]}>
      {text}
    </span>
  );
}
