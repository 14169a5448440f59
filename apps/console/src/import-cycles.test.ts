import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cyclesOf, findImportCycles } from '../../../scripts/import-cycles';

const root = import.meta.dirname;

describe('the console has no import cycles', () => {
  // Static, dynamic and type-only imports all count: the route table imports every screen lazily,
  // so a screen that imports the table, the router or the layout back closes a circle.
  it('finds none in src/', { timeout: 60_000 }, async () => {
    const cycles = await findImportCycles({ root, tsconfig: path.join(root, '../tsconfig.json') });
    expect(cycles).toEqual([]);
  });
});

describe('findImportCycles', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pitboss-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names every file of a circle closed by a dynamic or a type-only import', { timeout: 30_000 }, async () => {
    writeFileSync(path.join(dir, 'table.ts'), "export const screens = [() => import('./screen')];\n");
    writeFileSync(path.join(dir, 'screen.tsx'), "import { title } from './frame';\nexport const s = title;\n");
    writeFileSync(path.join(dir, 'frame.ts'), "import type { screens } from './table';\nexport const title = 't';\n");
    writeFileSync(path.join(dir, 'self.ts'), "export * from './self';\n");
    writeFileSync(path.join(dir, 'alone.ts'), "import { title } from './frame';\nexport const a = title;\n");
    expect(await findImportCycles({ root: dir })).toEqual([['frame.ts', 'screen.tsx', 'table.ts'], ['self.ts']]);
  });

  it('finds strongly connected components, not one example path', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['b', 'e']],
      ['e', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'd']]);
  });
});
