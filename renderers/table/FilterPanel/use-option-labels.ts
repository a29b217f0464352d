import { useCallback, useEffect, useRef, useState } from 'react';
import type { FilterServices, RendererServices } from '../../form-context';
import type { OptionLabels, OptionSource } from './filter-values';

const hasOptions = (s: unknown): s is FilterServices => typeof s === 'object' && s !== null && typeof (s as FilterServices).loadOptions === 'function';

/**
 * The labels of the values the side panel's filters hold where the form has no list of them (agents, remote enums),
 * and `ask`, which loads a source's once, as its select loads them; a value shows by its id until (or unless) the
 * answer comes.
 */
export function useOptionLabels(services: RendererServices): { labels: OptionLabels; ask: (sources: ReadonlyArray<OptionSource | undefined>) => void } {
  const [labels, setLabels] = useState<OptionLabels>({});
  const asked = useRef(new Set<string>());
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);
  const ask = useCallback((sources: ReadonlyArray<OptionSource | undefined>) => {
    for (const source of sources) {
      if (!source || asked.current.has(source.id)) continue;
      asked.current.add(source.id);
      const load = source.kind === 'agents' ? (hasOptions(services) ? services.loadOptions('agents') : null) : services.loadEnum(source.request);
      load?.then(
        (options) => { if (live.current) setLabels((known) => ({ ...known, [source.id]: new Map(options.map((o) => [o.value, o.label])) })); },
        () => { asked.current.delete(source.id); },
      );
    }
  }, [services]);
  return { labels, ask };
}
