import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type DependencyTree, parseCircular, parseDependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import graph, read with dpdm (the TypeScript compiler's parser, type-only imports included: a
 * cycle of types is still a cycle of modules).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'packages/engine/src', 'packages/contract/src', 'packages/simulator/src'];
const SERVER = 'apps/server/src/';

/** Tests and their helpers import the app, which imports everything: they are leaves, not modules. */
const isTestCode = (file: string) => /\.test\.ts$|\.testing\.ts$|\/testing\//.test(file);

/** A server domain (`modules/<domain>`) is one unit; any other file is a unit of its own. */
function unitOf(file: string): string {
  const domain = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
  return domain ? `modules/${domain}` : file;
}

function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const tree: DependencyTree = {};
  for (const [from, tos] of graph) {
    tree[from] = [...tos].map((to) => ({ issuer: from, request: to, kind: 'StaticImport' as never, id: to }));
  }
  return parseCircular(tree);
}

describe('architecture', () => {
  let tree: DependencyTree;
  beforeAll(async () => {
    tree = await parseDependencyTree(
      SOURCES.map((dir) => `${dir}/**/*.{ts,tsx,mts,mjs}`),
      { cwd: ROOT, context: ROOT, transform: false, skipDynamicImports: false },
    );
  }, 120_000);

  it('has no import cycle in the server, the engine, the contract or the simulator', () => {
    expect(Object.keys(tree).length).toBeGreaterThan(300);
    const cycles = parseCircular(tree).map((cycle) => cycle.join(' → '));
    expect(cycles).toEqual([]);
  });

  it('has no cycle between server domains (modules/<domain>) and the files outside them', () => {
    const graph = new Map<string, Set<string>>();
    for (const [file, deps] of Object.entries(tree)) {
      if (!file.startsWith(SERVER) || isTestCode(file)) continue;
      const from = unitOf(file);
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      for (const dep of deps ?? []) {
        if (!dep.id?.startsWith(SERVER) || isTestCode(dep.id)) continue;
        const to = unitOf(dep.id);
        if (to !== from) edges.add(to);
      }
    }
    expect(graph.get('modules/player-alerts')?.size).toBeGreaterThan(0);
    expect(cyclesOf(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has every workspace declare the @pitboss/* packages it imports', () => {
    const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const missing: string[] = [];
    for (const workspace of root.workspaces) {
      const manifest = JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const declared = new Set([
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.devDependencies ?? {}),
      ]);
      for (const name of importedPackages(path.join(ROOT, workspace))) {
        if (name !== manifest.name && !declared.has(name)) missing.push(`${manifest.name} imports ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](@pitboss\/[a-z0-9-]+)(?:\/[^'"]*)?['"]/g;

/** The `@pitboss/*` packages the workspace's own source files import (node_modules and builds left out). */
function importedPackages(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || /[/\\](node_modules|dist|test-results|playwright-report)[/\\]/.test(full)) continue;
    if (!/\.(ts|tsx|mts|mjs|js)$/.test(entry.name)) continue;
    for (const match of readFileSync(full, 'utf8').matchAll(IMPORT)) found.add(match[1] as string);
  }
  return found;
}
