import type { PriceLevel, Role } from '@pitboss/contract';

/** Who is calling, resolved from the bearer token and the database on every request. */
export interface AuthContext {
  aid: number;
  account: string;
  name: string;
  /** The working company of this token. */
  cid: number;
  role: Role;
  operatorType: 1 | 2 | 3;
  priceLevel: PriceLevel;
  isPublisher: boolean;
  isSuperAdmin: boolean;
  /** The working company's console IP allowlist; empty when every address may call. */
  ipAllowlist: string[];
}
