import { useCallback, useState } from 'react';
import type { WidgetData, WidgetInfo } from '@domain/api/contact-work';
import type { ContactWorkContext } from './contact-work-context';

export interface WidgetResult { widget: WidgetInfo; data: WidgetData | null; variant: 'ok' | 'notValid' | 'failed' }

export interface WidgetsControl { list: WidgetInfo[]; running: string | null; result: WidgetResult | null; run(widget: WidgetInfo): Promise<void>; close(): void }

/** The contact's widgets (spec 2 §2.3): one runs at a time and its answer shows as valid, not valid or failed. */
export const useContactWidgets = ({ api }: ContactWorkContext, id: string): WidgetsControl & { load(live: () => boolean): void } => {
  const [list, setList] = useState<WidgetInfo[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  const [result, setResult] = useState<WidgetResult | null>(null);

  const load = useCallback((live: () => boolean) => {
    api.contactWork.widgets(id).then((widgets) => { if (live()) setList(widgets); }, () => undefined);
  }, [api, id]);

  const run = useCallback(async (widget: WidgetInfo) => {
    setRunning(widget.id);
    try {
      const data = await api.contactWork.widgetData(id, widget.id, { quiet: true });
      setResult({ widget, data, variant: data._isFailed ? 'failed' : data._isValid === false ? 'notValid' : 'ok' });
    } catch {
      setResult({ widget, data: null, variant: 'failed' });
    } finally {
      setRunning(null);
    }
  }, [api, id]);
  const close = useCallback(() => setResult(null), []);

  return { list, running, result, run, close, load };
};
