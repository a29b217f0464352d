import { useMemo } from 'react';
import { useSession } from '../services/services-context';

/** Usernames by user id. */
export type AgentNames = ReadonlyMap<string, string>;

/**
 * Usernames by user id wherever a person reads an agent (the list, a contact's history, the events log): the
 * session's agents list (loaded at sign-in for the roles that may see it), the user, and any users a screen loaded
 * itself (`more`).
 */
export const useAgentNames = (more: ReadonlyArray<{ id: string; username: string }> = NO_USERS): AgentNames => {
  const { agents, user } = useSession();
  return useMemo(() => {
    const names = new Map<string, string>([...agents, ...more].map((agent) => [agent.id, agent.username]));
    if (user) names.set(user.id, user.username);
    return names;
  }, [agents, more, user]);
};

const NO_USERS: ReadonlyArray<{ id: string; username: string }> = [];
