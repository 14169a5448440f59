// `npm run admin -- company list|create|edit …`: company administration for an installation without a
// special administrator (PITBOSS_SUPERADMIN), through the same service and checks as the API
// (apps/server/src/admin/admin-cli.ts; `npm run admin -- company --help` lists the options).
import { serverModule } from './_server.mjs';

export const summary = 'list | create | edit: the companies of this installation (company --help)';

export async function run(args) {
  const { runAdmin } = await serverModule('admin/admin-cli.ts');
  return runAdmin(['company', ...args], {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
