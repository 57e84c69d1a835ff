import type { Role } from '@streamhub/contract';

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/**
 * The staff rule on the web, mirroring the server's access module (API.md §12): a moderator may
 * act on reports, an admin on everything. It only decides what to show; the server decides what
 * is allowed. An unknown role (an older cookie, a newer server) is no staff.
 */
export function hasRole(role: string | undefined, level: 'moderator' | 'admin'): boolean {
  return role !== undefined && Object.hasOwn(RANK, role) && RANK[role as Role] >= RANK[level];
}
