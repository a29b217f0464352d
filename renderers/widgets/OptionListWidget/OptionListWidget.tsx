import { useEffect, useState } from 'react';
import type { EnumOption, FilterServices } from '../../form-context';
import type { ThemeWidgetProps } from '../widget-support';
import { Choice } from '../SelectWidget/SelectWidget';

const isFilterServices = (s: unknown): s is FilterServices => typeof s === 'object' && s !== null && typeof (s as FilterServices).loadOptions === 'function';

/** agentSelect / teamSelect of the filter form: options from the services' `loadOptions`, chosen as a multiple list. */
function optionListWidget(kind: 'agents' | 'teams') {
  return function OptionListWidget(props: ThemeWidgetProps) {
    const services = props.registry.formContext?.services;
    const [options, setOptions] = useState<readonly EnumOption[] | null>(null);
    useEffect(() => {
      if (!isFilterServices(services)) { setOptions([]); return; }
      let live = true;
      services.loadOptions(kind).then((o) => { if (live) setOptions(o); }, () => { if (live) setOptions([]); });
      return () => { live = false; };
    }, [services]);
    return <Choice props={{ ...props, multiple: true }} options={options ?? []} loading={options === null} />;
  };
}
export const AgentSelectWidget = optionListWidget('agents');
export const TeamSelectWidget = optionListWidget('teams');
