import { Button, Card, Collapse, H4 } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import type { RendererLocale } from '../../form-context';
import { translatorFor } from '../../i18n/messages';

export const PANEL_IDS = ['INPUTS', 'OUTPUTS', 'MEDIA', 'SCRIPT'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** Titles from the workspace's visual configuration (visualConfigs.agentScript), mapped by the caller. */
export type PanelTitles = Partial<Record<PanelId, string>>;

export interface PanelSpec { id: PanelId; render: () => ReactNode; defaultOpen?: boolean }

/**
 * The collapsible panels of the contact screen (spec 2 §2.3), in the spec's order. A closed panel renders nothing:
 * its forms mount when it is first opened.
 */
export function ContactPanels({ panels, titles, locale = 'it-IT' }: { panels: readonly PanelSpec[]; titles?: PanelTitles; locale?: RendererLocale }) {
  const t = translatorFor(locale);
  const ordered = PANEL_IDS.flatMap((id) => panels.filter((p) => p.id === id));
  const [open, setOpen] = useState<Set<PanelId>>(() => new Set(ordered.filter((p) => p.defaultOpen !== false).map((p) => p.id)));
  return (
    <div className="cm-panels">
      {ordered.map((p) => {
        const isOpen = open.has(p.id);
        const title = titles?.[p.id] || t(`panel.${p.id}`);
        return (
          <Card key={p.id} className="cm-panel" compact style={{ marginBottom: 12 }}>
            <H4 style={{ margin: 0 }}>
              <Button
                variant="minimal"
                icon={isOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
                aria-expanded={isOpen}
                aria-controls={`cm-panel-${p.id}`}
                text={title}
                onClick={() => setOpen((s) => { const n = new Set(s); if (n.has(p.id)) n.delete(p.id); else n.add(p.id); return n; })}
              />
            </H4>
            <Collapse isOpen={isOpen}>
              <div id={`cm-panel-${p.id}`} role="region" aria-label={title}>{isOpen ? p.render() : null}</div>
            </Collapse>
          </Card>
        );
      })}
    </div>
  );
}
