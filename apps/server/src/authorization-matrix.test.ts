import type { Endpoint, PriceLevel } from '@pitboss/contract';
import * as contract from '@pitboss/contract';
import { beforeAll, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX, type Permission } from './testing/authorization-matrix';
import { describeEachDatabase, type TestApp } from './testing/test-app';
import { addCompany, addUser } from './testing/users';

/**
 * Issue 21, item 5: every endpoint of the contract × every kind of caller (admin, editor, viewer, Mail,
 * none, anonymous, the special administrator) × every price level answers exactly as the declared
 * table (`testing/authorization-matrix.ts`, from spec §2 and §6) says: allowed (anything but 401/403,
 * never a 5xx), or refused with 401 (no session) or 403 (no right), in the one error shape.
 */

const ENDPOINTS = (Object.values(contract) as unknown[]).filter(
  (v): v is Endpoint =>
    typeof v === 'object' && v !== null && 'id' in v && 'method' in v && 'path' in v && 'access' in v,
);

type Caller = 'anonymous' | 'admin' | 'editor' | 'viewer' | 'mail' | 'none' | 'superadmin';
const CALLERS: Caller[] = ['anonymous', 'admin', 'editor', 'viewer', 'mail', 'none', 'superadmin'];
const LEVELS: { level: PriceLevel; type: 1 | 2 | 3 }[] = [
  { level: 'platform', type: 1 },
  { level: 'publisher', type: 2 },
  { level: 'aggregator', type: 3 },
];
const ROLES_OF: Record<Permission['rule'], Caller[]> = {
  public: CALLERS,
  console: ['admin', 'editor', 'viewer', 'superadmin'],
  view: ['admin', 'editor', 'viewer', 'superadmin'],
  edit: ['admin', 'editor', 'superadmin'],
  admin: ['admin', 'superadmin'],
  superadmin: ['superadmin'],
  ingest: [],
};

/** What the table says `caller` in a company of `level` gets. */
function expected(permission: Permission, caller: Caller, level: PriceLevel): 'allowed' | 401 | 403 {
  if (permission.rule === 'public') return 'allowed';
  // The ingest API knows ingest keys only: a user's token is no key.
  if (caller === 'anonymous' || permission.rule === 'ingest') return 401;
  if (!ROLES_OF[permission.rule].includes(caller)) return 403;
  if (permission.levels && caller !== 'superadmin' && !permission.levels.includes(level)) return 403;
  return 'allowed';
}

const SUPERADMIN = 'matrix-root';

describeEachDatabase(
  'authorization matrix',
  (t: TestApp) => {
    const tokens = new Map<string, string>();
    const key = (caller: Caller, level: PriceLevel) => `${caller}@${level}`;

    beforeAll(async () => {
      const outsider = await addCompany(t, 'Matrix elsewhere', 1);
      const rootAid = await addUser(t.db, SUPERADMIN, 'admin', outsider);
      for (const { level, type } of LEVELS) {
        const cid = await addCompany(t, `Matrix ${level}`, type);
        const sign = async (aid: number) => {
          const { rows } = await t.db.query<{ session_version: number }>(
            'SELECT session_version FROM app_user WHERE aid = $1',
            [aid],
          );
          return (await t.app.tokens.sign({ aid, cid, sv: rows[0]?.session_version ?? 0 })).token;
        };
        for (const role of ['admin', 'editor', 'viewer', 'mail'] as const) {
          tokens.set(key(role, level), await sign(await addUser(t.db, `matrix-${role}-${level}`, role, cid)));
        }
        // "none": a user of another company, with a token naming this one.
        tokens.set(key('none', level), await sign(await addUser(t.db, `matrix-none-${level}`, 'viewer', outsider)));
        tokens.set(key('superadmin', level), await sign(rootAid));
      }
    });

    it('declares every endpoint of the contract, and nothing else', () => {
      const ids = ENDPOINTS.map((e) => e.id).sort();
      expect(ids.length).toBeGreaterThan(100);
      expect(
        ids.filter((id) => !(id in AUTHORIZATION_MATRIX)),
        'endpoints without a rule',
      ).toEqual([]);
      expect(
        Object.keys(AUTHORIZATION_MATRIX).filter((id) => !ids.includes(id)),
        'rules of no endpoint',
      ).toEqual([]);
    });

    it('answers every endpoint × caller × price level as the table says', async () => {
      const differences: string[] = [];
      for (const endpoint of ENDPOINTS) {
        const permission = AUTHORIZATION_MATRIX[endpoint.id];
        if (!permission) continue;
        const url = endpoint.path.replace(/:[A-Za-z]+/g, '987654');
        for (const { level } of LEVELS) {
          for (const caller of CALLERS) {
            const want = expected(permission, caller, level);
            const token = caller === 'anonymous' ? undefined : tokens.get(key(caller, level));
            const res = await t.call({
              method: endpoint.method,
              url,
              token,
              remoteAddress: '10.77.0.1',
              ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
            });
            const got = res.statusCode;
            const ok =
              want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want && isErrorShape(res.json());
            if (!ok) {
              differences.push(
                `${endpoint.id} as ${caller}@${level}: want ${want}, got ${got} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
      expect(differences).toEqual([]);
    }, 600_000);
  },
  { PITBOSS_SUPERADMIN: SUPERADMIN },
);

function isErrorShape(body: unknown): boolean {
  const b = body as { status?: unknown; message?: unknown; messageCode?: unknown };
  return typeof b.status === 'number' && typeof b.message === 'string' && typeof b.messageCode === 'string';
}
