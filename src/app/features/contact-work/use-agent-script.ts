import { useMemo } from 'react';
import type { PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { inputsForPeople } from '@translator/message-values';
import { renderTemplate } from '@translator/translate-form';

/** The agent script and the shortlinks of the show screen, filled in with the contact's inputs; the panels' titles. */
export const useAgentScript = (workspace: Workspace | null, model: DataModel | null, inputs: Record<string, unknown>): { titles: PanelTitles; script: string | null; shortlinks: Array<{ label: string; href: string }> } => {
  const agentScript = workspace?.visualConfigs?.agentScript;
  const titles = useMemo<PanelTitles>(() => ({
    INPUTS: agentScript?.inputsTitle, OUTPUTS: agentScript?.outputsTitle, MEDIA: agentScript?.mediaTitle, SCRIPT: agentScript?.scriptTitle,
  }), [agentScript]);
  // The script is read to the customer: its values as people read them; the links keep them as stored.
  const forPeople = useMemo(() => (workspace && model ? inputsForPeople(workspace, model) : undefined), [workspace, model]);
  const script = agentScript?.script ? renderTemplate(agentScript.script, inputs, forPeople) : null;
  const shortlinks = useMemo(() => (workspace?.shortlinks ?? []).map((s) => ({ label: s.label, href: renderTemplate(s.link, inputs) })), [workspace, inputs]);
  return { titles, script, shortlinks };
};
