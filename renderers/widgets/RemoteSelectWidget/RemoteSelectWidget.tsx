import { useEffect, useState } from 'react';
import type { EnumOption } from '../../form-context';
import { loadEnum } from '../../enum/enum-loader';
import type { ThemeWidgetProps } from '../widget-support';
import { Choice } from '../SelectWidget/SelectWidget';

interface RemoteSource { section: 'inputs' | 'outputs'; field: string; url: string | null; remoteValues: boolean; cachable: boolean }

const isSource = (v: unknown): v is RemoteSource => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'remote';

/**
 * An enum fed by the formContext loader with the parents' values. Waits for its parents; shows a loading state;
 * a failed load gives the single empty option (spec 2 §8). Clearing on a parent change is the form's job.
 */
export function RemoteSelectWidget(props: ThemeWidgetProps) {
  const { options, registry } = props;
  const source = options.enumSource;
  const dependsOn = Array.isArray(options.dependsOn) ? options.dependsOn.map(String) : [];
  const given = options.parentValues as Record<string, unknown> | undefined;
  const parents: Record<string, unknown> = {};
  for (const p of dependsOn) parents[p] = given ? given[p] : registry.formContext?.getValue?.(p);
  const parentsKey = JSON.stringify(parents);
  const waiting = dependsOn.some((p) => parents[p] === undefined || parents[p] === null || parents[p] === '');
  const [state, setState] = useState<{ key: string; options: readonly EnumOption[] } | null>(null);
  const services = registry.formContext?.services;

  useEffect(() => {
    if (!isSource(source) || !services || waiting) return;
    let live = true;
    void loadEnum(services, { section: source.section, field: source.field, url: source.url, remoteValues: source.remoteValues, parents: JSON.parse(parentsKey) as Record<string, unknown> }, source.cachable)
      .then((list) => { if (live) setState({ key: parentsKey, options: list }); });
    return () => { live = false; };
  }, [source, services, parentsKey, waiting]);

  const loaded = state?.key === parentsKey ? state.options : null;
  return <Choice props={props} options={waiting ? [] : (loaded ?? [])} loading={!waiting && !loaded && !props.readonly} disabled={waiting} />;
}
