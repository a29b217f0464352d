import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';

/** What a person reads for a state code: the workspace's label (the code stays in the tooltip and the CSV). */
export const stateLabel = (ws: Workspace | null, code: string | null | undefined): string => (code ? ws?.states?.[code]?.label ?? code : '');

/** What a person reads for an outcome code: the workspace's label. */
export const outcomeLabel = (ws: Workspace | null, code: string | null | undefined): string => (code ? ws?.outcomes?.find((o) => o.value === code)?.label ?? code : '');

/**
 * What a person reads for the fields a save or an edit changed, as its history entry names them ("inputs.cognome,
 * outputs.esito, priority 3"): each field by its data-model label, the priority by `priorityWord`. Names the model
 * no longer has stay as they are.
 */
export const changedFieldsText = (model: DataModel | null, names: string, priorityWord: string): string =>
  names
    .split(', ')
    .map((name) => {
      const priority = /^priority (\d+)$/.exec(name);
      if (priority) return `${priorityWord} ${priority[1]}`;
      const [section, field] = name.split('.', 2);
      const fields = section === 'inputs' ? model?.model : section === 'outputs' ? model?.outputs : undefined;
      return (field && fields?.[field]?.label) || name;
    })
    .join(', ');

export interface ContactLabels {
  state(code: string | null | undefined): string;
  outcome(code: string | null | undefined): string;
  /** The fields a save or an edit changed, by their labels (changedFieldsText). */
  changedFields(names: string): string;
}
/** `changes`: the data model and the word for priority in the user's language; without them, changed fields read as stored. */
export const contactLabels = (ws: Workspace | null, changes?: { model: DataModel | null; priorityWord: string }): ContactLabels => ({
  state: (code) => stateLabel(ws, code),
  outcome: (code) => outcomeLabel(ws, code),
  changedFields: (names) => (changes ? changedFieldsText(changes.model, names, changes.priorityWord) : names),
});
