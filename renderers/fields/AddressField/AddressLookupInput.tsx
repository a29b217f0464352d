import { InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import type { AddressLookupPart, AddressPart, AddressSuggestion, RendererServices } from '../../form-context';

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
}

/** A text input that offers lookups; it asks the service only for a non-empty query (spec 2 §2.6 and §5). */
export function AddressLookupInput({ id, part, value, context, services, onType, onPick, debounceMs = 250, loadingLabel }: AddressLookupInputProps) {
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const contextRef = useRef(context);
  contextRef.current = context;

  useEffect(() => {
    const q = query?.trim() ?? '';
    if (!q) { setSuggestions([]); setLoading(false); return; }
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      services.lookupAddress(part, q, contextRef.current).then(
        (list) => { if (live) { setSuggestions(list); setLoading(false); } },
        () => { if (live) { setSuggestions([]); setLoading(false); } },
      );
    }, debounceMs);
    return () => { live = false; clearTimeout(timer); };
  }, [query, part, services, debounceMs]);

  const open = query !== null && suggestions.length > 0;
  return (
    <div className="cm-lookup" style={{ position: 'relative' }}>
      <InputGroup
        id={id}
        value={value}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}__list`}
        aria-autocomplete="list"
        rightElement={loading ? <Spinner size={16} aria-label={loadingLabel} /> : undefined}
        onChange={(e) => { onType(e.target.value); setQuery(e.target.value); }}
      />
      {open ? (
        <Menu id={`${id}__list`} role="listbox" className="cm-lookup__list" style={{ position: 'absolute', zIndex: 20, left: 0, right: 0 }}>
          {suggestions.map((s, i) => (
            <MenuItem key={`${s.label}-${i}`} roleStructure="listoption" text={s.label} onClick={() => { onPick(s); setQuery(null); setSuggestions([]); }} />
          ))}
        </Menu>
      ) : null}
    </div>
  );
}
