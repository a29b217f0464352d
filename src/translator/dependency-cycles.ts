import type { FieldDependencies } from '@domain/generated/workspace';

/** One edge of a dependency map: `parent`'s children list names `child` at `index`. */
export interface DependencyEdge {
  parent: string;
  index: number;
  child: string;
}

/**
 * The loops of a dependency map (A clears B, B clears C, C clears A), each as the edges that close it, in order
 * from the loop's first field. A field depending on itself is left to the caller's own check. Each loop is reported
 * once, whichever field the search entered it from.
 */
export function dependencyCycles(map: FieldDependencies | undefined): DependencyEdge[][] {
  const edges = new Map<string, DependencyEdge[]>();
  for (const [parent, children] of Object.entries(map ?? {})) {
    edges.set(parent, (Array.isArray(children) ? children : []).map((child, index) => ({ parent, index, child })).filter((e) => e.child !== parent));
  }
  const cycles: DependencyEdge[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const path: DependencyEdge[] = [];
  const onPath = new Map<string, number>();

  const visit = (field: string): void => {
    onPath.set(field, path.length);
    for (const edge of edges.get(field) ?? []) {
      const start = onPath.get(edge.child);
      if (start !== undefined) {
        const loop = [...path.slice(start), edge];
        const key = loop.map((e) => `${e.parent}>${e.child}`).sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(loop);
        }
      } else if (!done.has(edge.child)) {
        path.push(edge);
        visit(edge.child);
        path.pop();
      }
    }
    onPath.delete(field);
    done.add(field);
  };
  for (const field of edges.keys()) if (!done.has(field)) visit(field);
  return cycles;
}
