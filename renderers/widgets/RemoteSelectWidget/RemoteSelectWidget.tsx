import { useEffect, useState } from 'react';
import type { RemoteSelectOptions } from '@translator/ui-schema';
import type { EnumOption } from '../../form-context';
import { loadEnum } from '../../enum/enum-loader';
import type { ThemeWidgetProps } from '../widget-support';
import { Choice } from '../SelectWidget/SelectWidget';

const NO_PARENTS: string[] = [];

/**
 * An enum fed by the formContext loader with the parents' values. Waits for its parents; shows a loading state;
 * a failed load gives the single empty option (spec 2 §8). Clearing on a parent change is the form's job.
 */
export function RemoteSelectWidget(props: ThemeWidgetProps) {
  const { options, registry } = props;
  // The translator's options, and the parents' values when the fast form passes them in.
  const { enumSource: source, dependsOn = NO_PARENTS, parentValues: given } = options as Partial<RemoteSelectOptions> & { parentValues?: Record<string, unknown> };
  const parents: Record<string, unknown> = {};
  for (const p of dependsOn) parents[p] = given ? given[p] : registry.formContext?.getValue?.(p);
  const parentsKey = JSON.stringify(parents);
  const waiting = dependsOn.some((p) => parents[p] === undefined || parents[p] === null || parents[p] === '');
  const [state, setState] = useState<{ key: string; options: readonly EnumOption[] } | null>(null);
  const services = registry.formContext?.services;

  useEffect(() => {
    if (!source || !services || waiting) return;
    let live = true;
    void loadEnum(services, { section: source.section, field: source.field, url: source.url, remoteValues: source.remoteValues, parents: JSON.parse(parentsKey) as Record<string, unknown> }, source.cachable)
      .then((list) => { if (live) setState({ key: parentsKey, options: list }); });
    return () => { live = false; };
  }, [source, services, parentsKey, waiting]);

  const loaded = state?.key === parentsKey ? state.options : null;
  return <Choice props={props} options={waiting ? [] : (loaded ?? [])} loading={!waiting && !loaded && !props.readonly} disabled={waiting} />;
}
