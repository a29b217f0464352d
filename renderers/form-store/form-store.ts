import { useCallback, useSyncExternalStore } from 'react';

export interface FieldState { readonly value: unknown; readonly errors: readonly string[] | undefined }
const EMPTY: FieldState = Object.freeze({ value: undefined, errors: undefined });

/**
 * Field values outside React state: a keystroke replaces one field's state object and wakes only that field's
 * subscribers, so the rest of a 500-field form neither re-renders nor re-validates.
 */
export class FormStore {
  private readonly states = new Map<string, FieldState>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly anyListeners = new Set<(field: string) => void>();

  constructor(initial: Record<string, unknown> = {}) {
    for (const [name, value] of Object.entries(initial)) if (value !== undefined) this.states.set(name, { value, errors: undefined });
  }

  get(name: string): FieldState { return this.states.get(name) ?? EMPTY; }
  value(name: string): unknown { return this.get(name).value; }

  setValue(name: string, value: unknown): void {
    const prev = this.get(name);
    if (Object.is(prev.value, value)) return;
    this.states.set(name, { value, errors: prev.errors });
    this.emit(name);
  }

  setErrors(name: string, errors: readonly string[] | undefined): void {
    const prev = this.get(name);
    const next = errors?.length ? errors : undefined;
    if (prev.errors === next || (prev.errors && next && prev.errors.join('\n') === next.join('\n'))) return;
    this.states.set(name, { value: prev.value, errors: next });
    this.emit(name);
  }

  /** Replaces every value (a new contact loaded) and clears the errors. */
  reset(values: Record<string, unknown>): void {
    const names = new Set([...this.states.keys(), ...Object.keys(values)]);
    this.states.clear();
    for (const [name, value] of Object.entries(values)) if (value !== undefined) this.states.set(name, { value, errors: undefined });
    for (const name of names) this.emit(name);
  }

  subscribe(name: string, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) { set = new Set(); this.listeners.set(name, set); }
    set.add(listener);
    return () => { set.delete(listener); };
  }

  /** Every change, with the field's name (used by owners that mirror the values, e.g. an onChange prop). */
  subscribeAll(listener: (field: string) => void): () => void {
    this.anyListeners.add(listener);
    return () => { this.anyListeners.delete(listener); };
  }

  /** The values as a plain object, without unset fields. */
  values(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, state] of this.states) if (state.value !== undefined) out[name] = state.value;
    return out;
  }

  private emit(name: string): void {
    this.listeners.get(name)?.forEach((l) => l());
    this.anyListeners.forEach((l) => l(name));
  }
}

/** One field's value and errors; the component re-renders only when this field changes. */
export function useFieldState(store: FormStore, name: string): FieldState {
  const subscribe = useCallback((cb: () => void) => store.subscribe(name, cb), [store, name]);
  const snapshot = useCallback(() => store.get(name), [store, name]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Several fields' values (a dependent enum's parents), as a stable-keyed string for effects. */
export function useFieldValues(store: FormStore, names: readonly string[]): Record<string, unknown> {
  const key = names.join('\u0000');
  const subscribe = useCallback((cb: () => void) => {
    const offs = key ? key.split('\u0000').map((n) => store.subscribe(n, cb)) : [];
    return () => offs.forEach((off) => off());
  }, [store, key]);
  const snapshot = useCallback(() => (key ? key.split('\u0000').map((n) => JSON.stringify(store.value(n) ?? null)).join('\u0000') : ''), [store, key]);
  const joined = useSyncExternalStore(subscribe, snapshot, snapshot);
  const out: Record<string, unknown> = {};
  if (key) {
    const parts = joined.split('\u0000');
    key.split('\u0000').forEach((n, i) => { out[n] = JSON.parse(parts[i]) ?? undefined; });
  }
  return out;
}

/** Several fields' errors, re-rendering only when one of them changes. */
export function useFieldErrors(store: FormStore, names: readonly string[]): Record<string, readonly string[] | undefined> {
  const key = names.join('\u0000');
  const subscribe = useCallback((cb: () => void) => {
    const offs = key ? key.split('\u0000').map((n) => store.subscribe(n, cb)) : [];
    return () => offs.forEach((off) => off());
  }, [store, key]);
  const snapshot = useCallback(() => (key ? key.split('\u0000').map((n) => (store.get(n).errors ?? []).join('\u0001')).join('\u0000') : ''), [store, key]);
  const joined = useSyncExternalStore(subscribe, snapshot, snapshot);
  const out: Record<string, readonly string[] | undefined> = {};
  if (key) {
    const parts = joined.split('\u0000');
    key.split('\u0000').forEach((n, i) => { out[n] = parts[i] ? parts[i].split('\u0001') : undefined; });
  }
  return out;
}

/** One field's value only: a component using it re-renders when the value changes, not when the errors do. */
export function useFieldValue(store: FormStore, name: string): unknown {
  const subscribe = useCallback((cb: () => void) => store.subscribe(name, cb), [store, name]);
  const snapshot = useCallback(() => store.get(name).value, [store, name]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** One field's errors only (the same array until they change): the field's frame re-renders on errors, not on typing. */
export function useFieldErrorList(store: FormStore, name: string): readonly string[] | undefined {
  const subscribe = useCallback((cb: () => void) => store.subscribe(name, cb), [store, name]);
  const snapshot = useCallback(() => store.get(name).errors, [store, name]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
