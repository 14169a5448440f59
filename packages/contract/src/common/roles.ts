/**
 * Roles of spec §6. `role` is the canonical lower-case form used in tokens, cookies and route tables;
 * `Tags` is the form the user-management calls show (admin, Editor, Viewer, Mail).
 */
export const ROLES = ['admin', 'editor', 'viewer', 'mail', 'none'] as const;

export const TAGS = ['admin', 'Editor', 'Viewer', 'Mail'] as const;

// The types `Role` and `Tag` are the schemas' (`roles.schemas.ts`); these are the same unions.
type Role = (typeof ROLES)[number];
type Tag = (typeof TAGS)[number];

const TAG_TO_ROLE: Record<Tag, Role> = { admin: 'admin', Editor: 'editor', Viewer: 'viewer', Mail: 'mail' };
export function roleOfTag(tag: Tag): Role {
  return TAG_TO_ROLE[tag];
}
export function tagOfRole(role: Role): Tag | '' {
  const found = (Object.keys(TAG_TO_ROLE) as Tag[]).find((t) => TAG_TO_ROLE[t] === role);
  return found ?? '';
}

/** Roles that may open the console at all (the layout root of spec §2). */
export const CONSOLE_ROLES: readonly Role[] = ['admin', 'editor', 'viewer'];

/**
 * What a call needs, enforced by the server for every endpoint:
 * - public: no token
 * - authenticated: any console role
 * - read: admin, editor, viewer (dashboards, monitoring, check tools: search and view)
 * - write: admin, editor (may edit)
 * - admin: admin only
 * - ingest: an ingest key, not a user token
 */
export const ACCESS = ['public', 'authenticated', 'read', 'write', 'admin', 'ingest'] as const;
export type Access = (typeof ACCESS)[number];

export function roleHasAccess(role: Role, access: Access): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'authenticated':
    case 'read':
      return CONSOLE_ROLES.includes(role);
    case 'write':
      return role === 'admin' || role === 'editor';
    case 'admin':
      return role === 'admin';
    case 'ingest':
      return false;
  }
}
