import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen's own chunk: resolves to its component. */
export type ScreenLoader<P extends object = object> = () => Promise<ComponentType<P>>;

// Keyed by the loader itself; each value is the lazy component of its own key's props.
const lazyByLoader = new WeakMap<object, unknown>();

/**
 * One lazy component per loader: the router and a screen showing another screen (the embed entry) share it, so a
 * screen that has loaded once never suspends again.
 */
export function lazyScreen<P extends object>(load: ScreenLoader<P>): LazyExoticComponent<ComponentType<P>> {
  const known = lazyByLoader.get(load) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (known) return known;
  const component = lazy(() => load().then((Screen) => ({ default: Screen })));
  lazyByLoader.set(load, component);
  return component;
}
