import { describe, expect, it } from 'vitest';
import { hasRole } from './roles';

describe('hasRole', () => {
  it('lets an admin do what a moderator does, and a moderator nothing an admin does', () => {
    expect(hasRole('admin', 'moderator')).toBe(true);
    expect(hasRole('admin', 'admin')).toBe(true);
    expect(hasRole('moderator', 'moderator')).toBe(true);
    expect(hasRole('moderator', 'admin')).toBe(false);
  });

  it('treats users, unknown roles and a missing one as no staff', () => {
    expect(hasRole('user', 'moderator')).toBe(false);
    expect(hasRole('owner', 'moderator')).toBe(false);
    expect(hasRole('toString', 'moderator')).toBe(false);
    expect(hasRole(undefined, 'moderator')).toBe(false);
  });
});
