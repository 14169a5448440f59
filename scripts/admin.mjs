#!/usr/bin/env node
// `npm run admin -- <command> [arguments]`: recovery and maintenance commands, one file per command in
// `scripts/admin/<command>.mjs` (files starting with `_` are helpers). Each exports `summary` (one line
// for the usage) and `run(args)`, which answers the exit code.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin');
const commands = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_'))
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

const [command, ...args] = process.argv.slice(2);
if (!command || !commands.includes(command)) {
  const lines = await Promise.all(
    commands.map(async (name) => {
      const mod = await import(pathToFileURL(path.join(dir, `${name}.mjs`)).href);
      return `  ${name.padEnd(18)} ${mod.summary ?? ''}`;
    }),
  );
  const out = command ? console.error : console.log;
  if (command) console.error(`Unknown command: ${command}\n`);
  out(`Usage: npm run admin -- <command> [arguments]\n\nCommands:\n${lines.join('\n')}`);
  process.exit(command ? 2 : 0);
}

const mod = await import(pathToFileURL(path.join(dir, `${command}.mjs`)).href);
try {
  process.exitCode = (await mod.run(args)) ?? 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
