/**
 * An agent as a person reads it: the username, the id in its tooltip (the id alone when the name is not known to
 * this user). Nothing for no agent.
 */
export function AgentName({ id, names }: { id: string | null | undefined; names: ReadonlyMap<string, string> }) {
  if (!id) return null;
  return <span className="cm-agent-name" title={id}>{names.get(id) ?? id}</span>;
}
