// Import cycles of a source folder, for the tests that forbid them (one per workspace).
// dpdm reads every import with TypeScript's parser and resolves it like the compiler does (the
// workspace's tsconfig); this module turns its graph into cycles. Every kind of edge counts: static
// and dynamic imports, re-exports and type-only imports (a type import is still a dependency of the
// design, and `import type` from a module that imports you back is how a cycle starts).
// dpdm's own report lists one example path per cycle it walks into; here each cycle is a strongly
// connected component, so the report names every file of a circle once, and a fix is done when the
// list is empty.
import path from 'node:path';
import { type DependencyTree, parseDependencyTree } from 'dpdm';

export interface ImportCycleOptions {
  /** The folder whose files are checked; imports leading out of it are not followed. */
  root: string;
  /** The tsconfig that resolves imports (default: the nearest one above each file). */
  tsconfig?: string;
  /** Entry files as globs relative to `root` (default: every TypeScript file). */
  entries?: string[];
  /** Files left out, e.g. tests (default: none). */
  exclude?: RegExp;
}

/** The edges of `tree` that stay inside `root`, as absolute paths. */
function edgesWithin(tree: DependencyTree, root: string): Map<string, string[]> {
  const inside = (file: string) => !path.relative(root, file).startsWith('..');
  const graph = new Map<string, string[]>();
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!inside(file) || !dependencies) continue;
    const targets = dependencies.map((d) => d.id).filter((id): id is string => id !== null && inside(id));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file, or one file that imports itself. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (start: string) => {
    // Iterative depth-first walk: a long import chain must not overflow the call stack.
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { file: string; next: number };
      const targets = graph.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next] as string;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file) as number, low.get(frame.file) as number));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || targets.includes(frame.file)) cycles.push(component.sort());
    }
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Every import cycle among the files under `root`, each as its files relative to `root`, sorted. */
export async function findImportCycles(options: ImportCycleOptions): Promise<string[][]> {
  const root = path.resolve(options.root);
  const tree = await parseDependencyTree(options.entries ?? ['**/*.ts', '**/*.tsx'], {
    cwd: root,
    context: root,
    tsconfig: options.tsconfig,
    transform: false,
    skipDynamicImports: false,
    ...(options.exclude ? { exclude: new RegExp(`node_modules|${options.exclude.source}`) } : {}),
  });
  // dpdm names files relative to `context`; make them absolute again for the graph.
  const absolute: DependencyTree = {};
  for (const [file, dependencies] of Object.entries(tree)) {
    absolute[path.resolve(root, file)] =
      dependencies?.map((d) => ({ ...d, id: d.id === null ? null : path.resolve(root, d.id) })) ?? null;
  }
  return cyclesOf(edgesWithin(absolute, root)).map((cycle) => cycle.map((file) => path.relative(root, file)));
}
