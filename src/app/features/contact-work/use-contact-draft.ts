import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ContactWorkContext } from './contact-work-context';
import { debounce, DRAFT_DEBOUNCE_MS, isEmptyDraft, mergeDrafts, type ContactDraft, type DraftKey, type DraftView } from './drafts';

export interface ContactDraftState {
  /** Writes the draft a moment after the last change (`call`), now (`flush`) or not at all (`cancel`). */
  writer: ReturnType<typeof debounce<[]>>;
  /** A stored draft offered back. */
  offer: ContactDraft | null;
  /** What restoring the offer puts on screen: the offered draft with what was typed since on top; null without an offer. */
  offeredWithTyped(): ContactDraft | null;
  /** Offers the stored draft, if there is one with changes. */
  offerStored(): void;
  /** The offer taken: it is no longer offered (the draft stays stored until a save or a cancel). */
  taken(): void;
  /** Forgets the offered draft and the offer (what was typed since stays stored). */
  discard(): void;
  /** Stores this draft now (a 409 keeps the agent's edits before reloading). */
  keep(draft: ContactDraft): void;
  /** After a save or a cancel: nothing pending is written and the stored draft goes. */
  clear(): void;
  /** A 401: what is pending is written, then the session-expired handling runs. */
  expireSession(): Promise<void>;
}

/**
 * A screen's unsaved edits (spec: no lost work), kept per user, workspace, contact and view. `compose` reads the
 * screen's records; leaving the screen (or a session expiry unmounting it) writes what is pending, and so does
 * the page being hidden when `flushOnPageHide`.
 */
export const useContactDraft = (
  { services, user, workspaceId, drafts }: ContactWorkContext,
  draftOf: { contactId: string; view: DraftView },
  compose: () => ContactDraft,
  { flushOnPageHide = false }: { flushOnPageHide?: boolean } = {},
): ContactDraftState => {
  const { contactId, view } = draftOf;
  const key = useMemo<DraftKey | null>(() => (user && workspaceId ? { userId: user.id, workspaceId, contactId, view } : null), [user, workspaceId, contactId, view]);
  // While a stored draft is offered, what is typed is written on top of it, never instead of it: the offered edits
  // stay until the user restores or discards them.
  const offered = useRef<ContactDraft | null>(null);
  const writer = useMemo(() => debounce(() => {
    if (!key) return;
    const typed = compose();
    drafts.write(key, offered.current ? mergeDrafts(offered.current, typed) : typed);
  }, DRAFT_DEBOUNCE_MS), [key, drafts, compose]);
  useEffect(() => () => writer.flush(), [writer]);
  useEffect(() => {
    if (!flushOnPageHide) return undefined;
    const onHide = () => writer.flush();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [writer, flushOnPageHide]);

  const [offer, setOfferState] = useState<ContactDraft | null>(null);
  const setOffer = useCallback((draft: ContactDraft | null) => { offered.current = draft; setOfferState(draft); }, []);
  const offerStored = useCallback(() => {
    const draft = key ? drafts.read(key) : null;
    setOffer(draft && !isEmptyDraft(draft) ? draft : null);
  }, [key, drafts, setOffer]);
  const offeredWithTyped = useCallback(() => (offered.current ? mergeDrafts(offered.current, compose()) : null), [compose]);
  const taken = useCallback(() => setOffer(null), [setOffer]);
  // The offered edits go; what was typed since stays stored.
  const discard = useCallback(() => {
    writer.cancel();
    setOffer(null);
    if (key) { drafts.clear(key); drafts.write(key, compose()); }
  }, [writer, key, drafts, compose, setOffer]);
  const keep = useCallback((draft: ContactDraft) => { if (key) drafts.write(key, offered.current ? mergeDrafts(offered.current, draft) : draft); }, [key, drafts]);
  const clear = useCallback(() => { writer.cancel(); setOffer(null); if (key) drafts.clear(key); }, [writer, key, drafts, setOffer]);
  const expireSession = useCallback(async () => { writer.flush(); await services.expireSession(); }, [writer, services]);
  return { writer, offer, offeredWithTyped, offerStored, taken, discard, keep, clear, expireSession };
};
