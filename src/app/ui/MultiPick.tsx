import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { CaretDown } from '@blueprintjs/icons';
import type { IdName } from '@domain/api/common';

export interface MultiPickProps {
  label: string;
  items: readonly IdName[];
  selected: readonly string[];
  onChange(ids: string[]): void;
  /** The text of the button with nothing chosen, and of the item that clears the choice. */
  allText: string;
  /** The text with several chosen, given how many. */
  countText(count: number): string;
  disabled?: boolean;
}

/** A multi-select over id/name items: a button that opens a checked list (Blueprint core only). */
export function MultiPick({ label, items, selected, onChange, allText, countText, disabled }: MultiPickProps) {
  const names = items.filter((item) => selected.includes(item.id)).map((item) => item.name);
  const text = selected.length === 0 ? allText : selected.length === 1 ? (names[0] ?? countText(1)) : countText(selected.length);
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <label className="cm-multipick">
      <span className="cm-multipick__label">{label}</span>
      <Popover
        placement="bottom-start"
        disabled={disabled}
        content={(
          <Menu aria-label={label} style={{ maxHeight: 320, overflowY: 'auto' }}>
            <MenuItem text={allText} roleStructure="listoption" selected={selected.length === 0} onClick={() => onChange([])} />
            <MenuDivider />
            {items.map((item) => (
              <MenuItem key={item.id} text={item.name} roleStructure="listoption" selected={selected.includes(item.id)} shouldDismissPopover={false} onClick={() => toggle(item.id)} />
            ))}
          </Menu>
        )}
      >
        <Button aria-label={label} endIcon={<CaretDown />} text={text} disabled={disabled} />
      </Popover>
    </label>
  );
}
