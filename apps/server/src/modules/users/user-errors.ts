import { AppError } from '../../lib/errors';

/** The 4xx answers of user management, with their stable codes. */
export const userErrors = {
  accountTaken: () =>
    new AppError(409, 'ACCOUNT_TAKEN', 'Account: is already in use; choose another', [
      { field: 'Account', message: 'is already in use' },
    ]),
  mailTaken: () =>
    new AppError(409, 'MAIL_TAKEN', 'Mail: is already in use by another account', [
      { field: 'Mail', message: 'is already in use by another account' },
    ]),
  groupTaken: () =>
    new AppError(409, 'GROUP_TAKEN', 'Name: another group of this company has this name', [
      { field: 'Name', message: 'another group of this company has this name' },
    ]),
  noSuchGroup: (groupId: number) =>
    new AppError(400, 'VALIDATION_FAILED', `GroupID: there is no group ${groupId} in this company`, [
      { field: 'GroupID', message: `there is no group ${groupId} in this company` },
    ]),
  lastAdmin: (account: string) =>
    new AppError(
      409,
      'LAST_ADMIN',
      `${account} is the last active administrator of this company; make another user an administrator first`,
    ),
  managedElsewhere: () =>
    new AppError(
      403,
      'USER_MANAGED_ELSEWHERE',
      'The name and mail of a user who also works in another company can only be changed by the user',
    ),
  alreadyMember: () =>
    new AppError(409, 'ALREADY_MEMBER', 'Mail: a user of this company already has this address', [
      { field: 'Mail', message: 'a user of this company already has this address' },
    ]),
  alreadyRegistered: (account: string) =>
    new AppError(
      409,
      'ALREADY_REGISTERED',
      `${account} has already set a password; they can reset it from the login page`,
    ),
  noConsoleRole: (account: string) =>
    new AppError(409, 'ROLE_NO_CONSOLE', `${account} receives notifications only; give them a console role first`),
  noMail: (account: string) =>
    new AppError(409, 'VALIDATION_FAILED', `${account} has no mail address; set one first`, [
      { field: 'Mail', message: 'is not set' },
    ]),
};

/** Maps a unique violation of app_user (a race with another request) to its 409. */
export function uniqueViolation(error: unknown): AppError | undefined {
  const e = error as { code?: string; constraint?: string };
  if (e.code !== '23505') return undefined;
  if (e.constraint === 'app_user_account_key') return userErrors.accountTaken();
  if (e.constraint === 'app_user_mail_key') return userErrors.mailTaken();
  if (e.constraint === 'user_group_name_key') return userErrors.groupTaken();
  return undefined;
}
