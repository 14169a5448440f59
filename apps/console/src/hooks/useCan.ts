import { type Role, roleHasAccess } from '@pitboss/contract';
import { useGlobalStore } from '../store/global-store';

export interface Can {
  role: Role | undefined;
  /** Admin or editor (spec §6 "may edit"): show add, edit and delete controls. */
  canEdit: boolean;
  /** Admin only: admin actions. */
  isAdmin: boolean;
  isPublisher: boolean;
}

/** What the current user may do in the working company, from the last auth check. */
export function useCan(): Can {
  const session = useGlobalStore((s) => s.session);
  const role = session?._role;
  return {
    role,
    canEdit: role !== undefined && roleHasAccess(role, 'write'),
    isAdmin: role !== undefined && roleHasAccess(role, 'admin'),
    isPublisher: session?._isPublisher ?? false,
  };
}
