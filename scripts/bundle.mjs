// Bundles a workspace's entry points into its `dist/` for plain `node`, with esbuild:
//   node ../../scripts/bundle.mjs <out>=<entry> …      (run from the workspace folder)
// e.g. `main=src/main.ts` writes dist/main.mjs. The workspace's TypeScript and the @pitboss/* packages
// it imports (their exports point at TypeScript sources) go into the bundle; npm packages stay external,
// loaded from node_modules at run time. So the workspace's `dependencies` must be exactly what the
// bundles import: the build fails on an npm import that is not listed, and on a listed one that nothing
// imports (type-only imports do not count: they are gone at run time).
import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const dir = process.cwd();
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const declared = new Set(Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@pitboss/')));
const entryPoints = process.argv.slice(2).map((arg) => {
  const [out, entry] = arg.split('=');
  if (!out || !entry) throw new Error(`bundle: expected <out>=<entry>, got "${arg}"`);
  return { out, in: entry };
});
if (entryPoints.length === 0) throw new Error('bundle: no entry points');

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const imported = new Set();
const undeclared = new Map();
rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints,
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-dependencies-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (isBuiltin(args.path)) return { external: true };
          const name = packageOf(args.path);
          if (name.startsWith('@pitboss/')) return undefined;
          if (declared.has(name)) imported.add(name);
          else undeclared.set(name, path.relative(dir, args.importer));
          return { external: true };
        });
      },
    },
  ],
});

const problems = [
  ...[...undeclared].map(([name, by]) => `${name} is imported (by ${by}) but not in ${pkg.name}'s dependencies`),
  ...[...declared].filter((name) => !imported.has(name)).map((name) => `${name} is a dependency nothing imports`),
];
if (problems.length > 0) {
  console.error(`bundle ${pkg.name}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`bundle ${pkg.name}: ${entryPoints.map((e) => `dist/${e.out}.mjs`).join(', ')}`);
