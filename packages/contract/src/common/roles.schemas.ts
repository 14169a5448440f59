import { z } from 'zod';
import { ROLES, TAGS } from './roles';

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const Tag = z.enum(TAGS);
export type Tag = z.infer<typeof Tag>;
