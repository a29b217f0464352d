import { Button, Card, Collapse } from '@blueprintjs/core';
import { ChevronDown, ChevronRight } from '@blueprintjs/icons';
import { useId, useState, type ReactNode } from 'react';

const DISCLOSURE_CSS = `
.cm-disclosure { padding: 0; }
.cm-disclosure__title { margin: 0; font-size: 1rem; }
.cm-disclosure__title .bp6-button-text { font-weight: 600; }
.cm-disclosure__body { padding: 0.5rem 0.75rem 0.75rem; }
`;

/**
 * A collapsible panel whose heading is a disclosure button that says whether the panel is open (Blueprint's Section
 * says the opposite in aria-expanded, and names its toggle in English).
 */
export function DisclosurePanel({ title, defaultOpen = true, className, children }: { title: string; defaultOpen?: boolean; className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <Card compact className={className ? `cm-disclosure ${className}` : 'cm-disclosure'}>
      <style>{DISCLOSURE_CSS}</style>
      <h2 className="cm-disclosure__title">
        <Button variant="minimal" fill alignText="start" icon={open ? <ChevronDown /> : <ChevronRight />} text={title} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} />
      </h2>
      <Collapse isOpen={open} keepChildrenMounted>
        {/* Closed, its fields stay mounted (what was typed is kept) but leave the tab order and the accessibility tree. */}
        <div id={id} className="cm-disclosure__body" hidden={!open}>{children}</div>
      </Collapse>
    </Card>
  );
}
