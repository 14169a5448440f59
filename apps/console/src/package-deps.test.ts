import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const consoleDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the console's package.json", () => {
  it('declares every @pitboss/* workspace the console imports', () => {
    const manifest = JSON.parse(readFileSync(path.join(consoleDir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
    const files = [
      ...sourceFiles(path.join(consoleDir, 'src')),
      ...sourceFiles(path.join(consoleDir, 'build')),
      path.join(consoleDir, 'vite.config.ts'),
    ];
    const imported = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(@pitboss\/[\w-]+)/g))
        imported.add(match[1] as string);
    }
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((name) => !declared.has(name))).toEqual([]);
  });
});
