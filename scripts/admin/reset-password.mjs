// `npm run admin -- reset-password ACCOUNT`: a new random password for the account (printed once), or
// the one in PITBOSS_NEW_PASSWORD; every session of the user ends and its failed logins are forgotten.
import { serverModule, withDatabase } from './_server.mjs';

export const summary = 'ACCOUNT: set a new password (printed; or PITBOSS_NEW_PASSWORD), end its sessions, unlock it';

export async function run(args) {
  const [account] = args;
  if (!account || args.length > 1) {
    console.error('Usage: npm run admin -- reset-password ACCOUNT');
    return 2;
  }
  const chosen = process.env.PITBOSS_NEW_PASSWORD || undefined;
  if (chosen !== undefined && (chosen.length < 8 || chosen.length > 128)) {
    console.error('PITBOSS_NEW_PASSWORD must be 8 to 128 characters');
    return 2;
  }
  const { resetPassword } = await serverModule('modules/auth/account-recovery.ts');
  const done = await withDatabase((db) => resetPassword(db, account, chosen));
  if (!done) {
    console.error(`No account ${account}`);
    return 1;
  }
  console.log(
    chosen
      ? `The password of ${done.account} is set; its sessions ended.`
      : `New password of ${done.account}: ${done.password}\nIts sessions ended; it is unlocked. Log in and change it (header menu).`,
  );
  return 0;
}
