// `npm run admin -- <command>`: company administration from the command line, for an installation
// without a special administrator (PITBOSS_SUPERADMIN). The commands live in the server
// (apps/server/src/admin/admin-cli.ts); `npm run admin -- --help` lists them.
import { runAdmin } from '../../apps/server/src/admin/admin-cli';

const code = await runAdmin(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
