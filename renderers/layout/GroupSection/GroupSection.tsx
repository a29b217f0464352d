import { H5 } from '@blueprintjs/core';
import { memo, type ReactNode } from 'react';
import type { FormLayout, GroupLayout } from '@translator/ui-schema';

/** A group of the workspace (groupsInputs / groupsOutputs): its label and a grid of `columns` columns. */
/**
 * Off-screen sections skip style, layout and paint (`content-visibility: auto`): a keystroke repaints its own section,
 * not a 500-field page. The intrinsic size estimate keeps the scrollbar steady.
 */
export const GroupSection = memo(function GroupSection({ label, columns, children, rows }: { label: string; columns: number; children: ReactNode; rows?: number }) {
  const cols = Math.max(1, Math.min(6, Math.round(columns) || 1));
  const estimate = 40 + 70 * Math.ceil((rows ?? 4) / cols);
  return (
    <section className="cm-group" aria-label={label || undefined} style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimate}px` }}>
      {label ? <H5 className="cm-group__title">{label}</H5> : null}
      <div className="cm-group__grid" style={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, columnGap: 16 }}>
        {children}
      </div>
    </section>
  );
});

/** The groups of a translated uiSchema (root `ui:options.groups`); a form without layout has none. */
export const groupsOf = (layout: Partial<FormLayout> | undefined): GroupLayout[] => layout?.groups ?? [];
