import { Classes, InputGroup, Intent, Menu, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AddressLookupPart, AddressPart, AddressSuggestion, RendererServices } from '../../form-context';
import { labelledBy } from '../../widgets/widget-support';

export interface AddressLookupInputProps {
  id: string;
  part: AddressLookupPart;
  value: string;
  context: Partial<Record<AddressPart, string>>;
  services: RendererServices;
  onType: (value: string) => void;
  onPick: (suggestion: AddressSuggestion) => void;
  debounceMs?: number;
  /** The name of the spinner shown while suggestions load, in the user's language. */
  loadingLabel: string;
  /** The part has errors: the input is drawn in danger and marked invalid. */
  invalid?: boolean;
  /** The id of the error text, while there is one. */
  describedBy?: string;
}

const optionId = (id: string, index: number): string => `${id}__option-${index}`;

/**
 * A text input that offers lookups; it asks the service only for a non-empty query (spec 2 §2.6 and §5).
 * A combobox in the ARIA pattern: focus stays in the input, the arrows move the active option
 * (aria-activedescendant), Enter picks it, Escape and leaving the field close the list.
 */
export function AddressLookupInput({ id, part, value, context, services, onType, onPick, debounceMs = 250, loadingLabel, invalid, describedBy }: AddressLookupInputProps) {
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const contextRef = useRef(context);
  contextRef.current = context;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const q = query?.trim() ?? '';
    if (!q) { setSuggestions([]); setActive(-1); setLoading(false); return; }
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      services.lookupAddress(part, q, contextRef.current).then(
        (list) => { if (live) { setSuggestions(list); setActive(-1); setLoading(false); } },
        () => { if (live) { setSuggestions([]); setActive(-1); setLoading(false); } },
      );
    }, debounceMs);
    return () => { live = false; clearTimeout(timer); };
  }, [query, part, services, debounceMs]);

  const open = query !== null && suggestions.length > 0 && !dismissed;
  const listId = `${id}__list`;

  // The active option stays in view when the list scrolls.
  useEffect(() => {
    if (!open || active < 0) return;
    const el = listRef.current?.children[active];
    if (el instanceof HTMLElement) el.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const close = () => { setDismissed(true); setActive(-1); };
  const pick = (s: AddressSuggestion) => { onPick(s); setQuery(null); setSuggestions([]); setActive(-1); };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    const count = suggestions.length;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (query === null || !count) return;
        e.preventDefault();
        const down = e.key === 'ArrowDown';
        if (!open) { setDismissed(false); setActive(down ? 0 : count - 1); return; }
        setActive((i) => (down ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
        return;
      }
      case 'Enter':
        if (open && active >= 0 && active < count) { e.preventDefault(); pick(suggestions[active]); }
        return;
      case 'Escape':
        // Only an open list takes Escape; a closed one leaves it to the dialog or page around it.
        if (open) { e.preventDefault(); e.stopPropagation(); close(); }
        return;
      default:
    }
  };

  return (
    <div className="cm-lookup" style={{ position: 'relative' }}>
      <InputGroup
        id={id}
        value={value}
        role="combobox"
        autoComplete="off"
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(id, active) : undefined}
        rightElement={loading ? <Spinner size={16} aria-label={loadingLabel} /> : undefined}
        onChange={(e) => { onType(e.target.value); setQuery(e.target.value); setDismissed(false); }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        className={`cm-lookup__popup ${Classes.ELEVATION_2}`}
        hidden={!open}
        style={{
          position: 'absolute', zIndex: 20, top: '100%', left: 0, right: 0, marginTop: 2, maxHeight: 260, overflowY: 'auto',
          borderRadius: 4,
        }}
        // A press on an option must not take the focus from the input: it would close the list before the click.
        onMouseDown={(e) => e.preventDefault()}
      >
        <Menu id={listId} ulRef={listRef} role="listbox" aria-labelledby={labelledBy(id)} className="cm-lookup__list" style={{ minWidth: 0 }}>
          {open ? suggestions.map((s, i) => (
            <li
              key={`${s.label}-${i}`}
              id={optionId(id, i)}
              role="option"
              aria-selected={i === active}
              className={`${Classes.MENU_ITEM}${i === active ? ` ${Classes.ACTIVE}` : ''}`}
              style={{ cursor: 'pointer' }}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(s)}
            >
              <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{s.label}</span>
            </li>
          )) : null}
        </Menu>
      </div>
    </div>
  );
}
