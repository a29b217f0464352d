import type { Workspace } from '@domain/generated/workspace';

/** What a person reads for a state code: the workspace's label (the code stays in the tooltip and the CSV). */
export const stateLabel = (ws: Workspace | null, code: string | null | undefined): string => (code ? ws?.states?.[code]?.label ?? code : '');

/** What a person reads for an outcome code: the workspace's label. */
export const outcomeLabel = (ws: Workspace | null, code: string | null | undefined): string => (code ? ws?.outcomes?.find((o) => o.value === code)?.label ?? code : '');

export interface ContactLabels { state(code: string | null | undefined): string; outcome(code: string | null | undefined): string }
export const contactLabels = (ws: Workspace | null): ContactLabels => ({ state: (code) => stateLabel(ws, code), outcome: (code) => outcomeLabel(ws, code) });
