// `npm run admin -- unlock ACCOUNT`: forgets the account's failed logins, from every address.
import { serverModule, withDatabase } from './_server.mjs';

export const summary = "ACCOUNT: forget the account's failed logins so it may log in at once";

export async function run(args) {
  const [account] = args;
  if (!account || args.length > 1) {
    console.error('Usage: npm run admin -- unlock ACCOUNT');
    return 2;
  }
  const { unlockAccount } = await serverModule('modules/auth/account-recovery.ts');
  const cleared = await withDatabase((db) => unlockAccount(db, account));
  console.log(`${account}: ${cleared} failed login${cleared === 1 ? '' : 's'} forgotten; it may log in now.`);
  return 0;
}
