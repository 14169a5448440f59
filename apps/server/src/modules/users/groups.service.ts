import type { UserGroup } from '@pitboss/contract';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { lockCompany } from '../companies/companies.repository';
import * as repo from './groups.repository';
import { userErrors } from './user-errors';

const nameTaken = userErrors.groupTaken;

/** User groups of the working company. */
export class GroupsService {
  constructor(private readonly db: Database) {}

  list(auth: AuthContext): Promise<UserGroup[]> {
    return repo.listGroups(this.db, auth.cid);
  }

  create(auth: AuthContext, body: { Name: string; Memo: string }): Promise<number> {
    return this.db.tx(async (sql) => {
      await lockGroups(sql, auth.cid);
      if (await repo.groupNameTaken(sql, auth.cid, body.Name)) throw nameTaken();
      return repo.insertGroup(sql, auth.cid, body.Name, body.Memo);
    });
  }

  update(auth: AuthContext, body: { GroupID: number; Name?: string | undefined; Memo?: string | undefined }) {
    return this.db.tx(async (sql) => {
      await lockGroups(sql, auth.cid);
      if (!(await repo.groupExists(sql, auth.cid, body.GroupID))) throw notFound(`Group ${body.GroupID}`);
      if (body.Name !== undefined && (await repo.groupNameTaken(sql, auth.cid, body.Name, body.GroupID))) {
        throw nameTaken();
      }
      await repo.updateGroup(sql, auth.cid, body.GroupID, { name: body.Name, memo: body.Memo });
    });
  }

  async remove(auth: AuthContext, groupId: number): Promise<void> {
    const deleted = await this.db.tx((sql) => repo.deleteGroup(sql, auth.cid, groupId));
    if (!deleted) throw notFound(`Group ${groupId}`);
  }
}

/** Serialises group changes of one company, so two admins cannot create the same name at once. */
async function lockGroups(sql: Sql, cid: number): Promise<void> {
  await lockCompany(sql, cid);
}
