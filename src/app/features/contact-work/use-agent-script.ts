import { useMemo } from 'react';
import type { PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import type { Workspace } from '@domain/generated/workspace';
import { renderTemplate } from '@translator/translate-form';

/** The agent script and the shortlinks of the show screen, filled in with the contact's inputs; the panels' titles. */
export const useAgentScript = (workspace: Workspace | null, inputs: Record<string, unknown>): { titles: PanelTitles; script: string | null; shortlinks: Array<{ label: string; href: string }> } => {
  const agentScript = workspace?.visualConfigs?.agentScript;
  const titles = useMemo<PanelTitles>(() => ({
    INPUTS: agentScript?.inputsTitle, OUTPUTS: agentScript?.outputsTitle, MEDIA: agentScript?.mediaTitle, SCRIPT: agentScript?.scriptTitle,
  }), [agentScript]);
  const script = agentScript?.script ? renderTemplate(agentScript.script, inputs) : null;
  const shortlinks = useMemo(() => (workspace?.shortlinks ?? []).map((s) => ({ label: s.label, href: renderTemplate(s.link, inputs) })), [workspace, inputs]);
  return { titles, script, shortlinks };
};
