import { Checkbox } from '@blueprintjs/core';
import type { OptionItem } from '../widget-support';
import { labelledBy } from '../widget-support';

export interface OptionListProps { id: string; options: readonly OptionItem[]; value: unknown; disabled?: boolean; onChange: (value: string[] | undefined) => void }

/** A multiple choice (filters: states, enum filters, agents, teams) as a group of checkboxes. */
export function OptionList({ id, options, value, disabled, onChange }: OptionListProps) {
  const selected = new Set(Array.isArray(value) ? value.map(String) : []);
  return (
    <div id={id} role="group" aria-labelledby={labelledBy(id)} className="cm-option-list">
      {options.filter((o) => o.value !== '').map((o) => (
        <Checkbox
          key={o.value}
          inline
          label={o.label}
          checked={selected.has(o.value)}
          disabled={disabled}
          onChange={(e) => {
            const next = new Set(selected);
            if (e.currentTarget.checked) next.add(o.value); else next.delete(o.value);
            onChange(next.size ? options.filter((x) => next.has(x.value)).map((x) => x.value) : undefined);
          }}
        />
      ))}
    </div>
  );
}
