import {
  type CreateUserBody,
  type Invitation,
  type InviteUserBody,
  passwordAccountProblem,
  roleOfTag,
  type Tag,
  tagOfRole,
  type UpdateUserBody,
  USER_STATUS,
} from '@pitboss/contract';
import type { Config } from '../../config';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { badRequest, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { hashPassword } from '../auth/password';
import { lockCompany } from '../companies/companies.repository';
import type { OutboxWorker } from '../outbox/outbox.worker';
import { groupExists } from './groups.repository';
import {
  asLanguage,
  type InvitationContext,
  type IssuedInvitation,
  inviteAddress,
  inviteUser,
  noticeRecipient,
} from './invitations';
import * as tokens from './invitations.repository';
import { uniqueViolation, userErrors } from './user-errors';
import * as repo from './users.repository';

/**
 * User management of the admin's working company. Every change runs in a transaction that first locks
 * the company row, so the last-admin rule holds under concurrent requests.
 */
export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly outbox: Pick<OutboxWorker, 'wake'>,
  ) {}

  list(
    auth: AuthContext,
    q: {
      AID?: number | undefined;
      Account?: string | undefined;
      GroupID?: number | undefined;
      Tags?: Tag | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    return repo.listUsers(this.db, auth.cid, {
      aid: q.AID,
      search: q.Account,
      groupId: q.GroupID,
      role: q.Tags === undefined ? undefined : roleOfTag(q.Tags),
      ...pageWindow(q),
    });
  }

  /**
   * A new account in the working company. An account or mail used anywhere is refused with the same
   * "already in use" whatever company holds it; existing people join through an invitation instead.
   */
  async create(
    auth: AuthContext,
    body: CreateUserBody,
  ): Promise<{ aid: number; invited: boolean; unsentLink: string | null }> {
    const role = roleOfTag(body.Tags);
    if (body.Password !== undefined) {
      const problem = passwordAccountProblem(body.Password, body.Account);
      if (problem) throw badRequest('Password', problem);
    }
    const passwordHash = body.Password === undefined ? null : await hashPassword(body.Password);
    const result = await this.inCompany(auth, async (sql, ctx) => {
      if (body.GroupID != null && !(await groupExists(sql, auth.cid, body.GroupID))) {
        throw userErrors.noSuchGroup(body.GroupID);
      }
      if (await repo.accountExists(sql, body.Account)) throw userErrors.accountTaken();
      if (await repo.mailInUse(sql, body.Mail)) throw userErrors.mailTaken();
      // Without a password a console user is invited; a Mail user only receives notifications.
      const invited = passwordHash === null && role !== 'mail';
      const aid = await repo.insertUser(sql, {
        account: body.Account,
        name: body.Name,
        mail: body.Mail,
        passwordHash,
        status: invited ? USER_STATUS.invited : USER_STATUS.active,
        lastCid: auth.cid,
        language: ctx.language,
      });
      await repo.insertMembership(sql, { cid: auth.cid, aid, role, groupId: body.GroupID ?? null });
      let unsentLink: string | null = null;
      if (invited) ({ unsentLink } = await inviteUser(sql, ctx, { aid, account: body.Account, mail: body.Mail, role }));
      else if (role === 'mail') await noticeRecipient(sql, ctx, body.Mail);
      return { aid, invited, unsentLink };
    });
    this.outbox.wake();
    return result;
  }

  async update(auth: AuthContext, aid: number, body: UpdateUserBody): Promise<void> {
    await this.inCompany(auth, async (sql) => {
      const member = await this.member(sql, auth.cid, aid);
      const role = body.Tags === undefined ? undefined : roleOfTag(body.Tags);
      const losesAdmin = (role !== undefined && role !== 'admin') || body.Status === USER_STATUS.disabled;
      if (losesAdmin) await this.keepAnAdmin(sql, auth.cid, member);
      if (body.GroupID != null && !(await groupExists(sql, auth.cid, body.GroupID))) {
        throw userErrors.noSuchGroup(body.GroupID);
      }
      const changesIdentity =
        (body.Name !== undefined && body.Name !== member.name) ||
        (body.Mail !== undefined && body.Mail.toLowerCase() !== (member.mail ?? '').toLowerCase()) ||
        (body.Mobile !== undefined && body.Mobile !== member.mobile);
      if (changesIdentity) {
        // Name and mail belong to the person; only the company that alone holds them may change them.
        if (member.other_companies > 0) throw userErrors.managedElsewhere();
        if (body.Mail !== undefined && (await repo.mailInUse(sql, body.Mail, aid))) throw userErrors.mailTaken();
        await repo.updateIdentity(sql, aid, { name: body.Name, mail: body.Mail, mobile: body.Mobile });
        // Invitations already mailed went to the old address.
        if (body.Mail !== undefined) await tokens.revokeUserTokens(sql, auth.cid, aid);
      }
      await repo.updateMembership(sql, auth.cid, aid, { role, status: body.Status, groupId: body.GroupID });
    });
  }

  /** Removes the user from the working company; an account left in no company is deleted. */
  async remove(auth: AuthContext, aid: number): Promise<void> {
    await this.inCompany(auth, async (sql) => {
      const member = await this.member(sql, auth.cid, aid);
      await this.keepAnAdmin(sql, auth.cid, member);
      await tokens.revokeUserTokens(sql, auth.cid, aid);
      await repo.removeMember(sql, auth.cid, aid);
    });
  }

  /** `{AID}`: a new invitation for a user without a password; `{Mail, Tags}`: invite an address to join. */
  async invite(auth: AuthContext, body: InviteUserBody): Promise<IssuedInvitation> {
    const issued = await this.inCompany(auth, async (sql, ctx) => {
      if (body.AID !== undefined) {
        const member = await this.member(sql, auth.cid, body.AID);
        if (member.has_password) throw userErrors.alreadyRegistered(member.account);
        if (member.role === 'mail' || member.role === 'none') throw userErrors.noConsoleRole(member.account);
        if (!member.mail) throw userErrors.noMail(member.account);
        return inviteUser(sql, ctx, { aid: member.aid, account: member.account, mail: member.mail, role: member.role });
      }
      const mail = body.Mail as string;
      const role = roleOfTag(body.Tags ?? 'Viewer');
      if (body.GroupID != null && !(await groupExists(sql, auth.cid, body.GroupID))) {
        throw userErrors.noSuchGroup(body.GroupID);
      }
      // Whether the address has an account elsewhere is never told: the answer is the same.
      if ((await repo.findMemberByMail(sql, auth.cid, mail)) !== undefined) throw userErrors.alreadyMember();
      return inviteAddress(sql, ctx, { mail, role, groupId: body.GroupID ?? null });
    });
    this.outbox.wake();
    return issued;
  }

  async listInvitations(
    auth: AuthContext,
    q: { page: number; pageSize: number; Kind?: Invitation['Kind'] | undefined },
  ) {
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await tokens.listPending(this.db, auth.cid, limit, offset, q.Kind);
    const invitations: Invitation[] = rows.map((r) => ({
      ID: r.id,
      Kind: r.kind,
      Account: r.account,
      Mail: r.mail,
      Tags: tagOfRole(r.role),
      Expired: r.expires_at,
      CreatedBy: r.created_by,
      CreateDate: r.created_at,
    }));
    return { rows: invitations, total };
  }

  async revokeInvitation(auth: AuthContext, id: number): Promise<void> {
    if (!(await tokens.revokeToken(this.db, auth.cid, id))) throw notFound(`Pending invitation ${id}`);
  }

  private async member(sql: Sql, cid: number, aid: number): Promise<repo.MemberRow> {
    const member = await repo.findMember(sql, cid, aid);
    // Users of other companies are as unknown as users that do not exist.
    if (!member) throw notFound(`User ${aid}`);
    return member;
  }

  /** Refuses a change that would leave the company without an active administrator. */
  private async keepAnAdmin(sql: Sql, cid: number, member: repo.MemberRow): Promise<void> {
    const isActiveAdmin =
      member.role === 'admin' &&
      member.member_status === USER_STATUS.active &&
      member.user_status === USER_STATUS.active;
    if (isActiveAdmin && (await repo.countOtherActiveAdmins(sql, cid, member.aid)) === 0) {
      throw userErrors.lastAdmin(member.account);
    }
  }

  /** Runs `fn` in a transaction holding the company lock; maps unique-index races to their 409. */
  private async inCompany<T>(auth: AuthContext, fn: (sql: Sql, ctx: InvitationContext) => Promise<T>): Promise<T> {
    try {
      return await this.db.tx(async (sql) => {
        const company = await lockCompany(sql, auth.cid);
        if (!company) throw notFound(`Company ${auth.cid}`);
        const language = asLanguage(await repo.languageOf(sql, auth.aid));
        return fn(sql, { config: this.config, company, createdBy: auth.aid, language });
      });
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
  }
}
