import { describe, expect, it } from 'vitest';
import { hasChanges, isPasswordHalfFilled, profileChanges, type ProfileForm } from './profile-changes';

const form = (patch: Partial<ProfileForm>): ProfileForm => ({
  fullname: 'Ann Lee',
  avatar: null,
  oldPassword: '',
  newPassword: '',
  ...patch,
});

describe('profileChanges (SPEC §5)', () => {
  it('sends the name only when it changed', () => {
    expect(profileChanges(form({}), 'Ann Lee')).toEqual({});
    expect(profileChanges(form({ fullname: '  Ann Lee ' }), 'Ann Lee')).toEqual({});
    expect(profileChanges(form({ fullname: '   ' }), 'Ann Lee')).toEqual({});
    expect(profileChanges(form({ fullname: 'Ann B. Lee ' }), 'Ann Lee')).toEqual({ fullname: 'Ann B. Lee' });
  });

  it('sends the avatar only when chosen', () => {
    const avatar = new File(['x'], 'a.png', { type: 'image/png' });
    expect(profileChanges(form({ avatar }), 'Ann Lee')).toEqual({ avatar });
  });

  it('changes the password only when both fields are filled', () => {
    expect(profileChanges(form({ oldPassword: 'a' }), 'Ann Lee')).toEqual({});
    expect(profileChanges(form({ newPassword: 'b' }), 'Ann Lee')).toEqual({});
    expect(profileChanges(form({ oldPassword: 'a', newPassword: 'b' }), 'Ann Lee')).toEqual({
      password: { oldPassword: 'a', newPassword: 'b' },
    });
  });

  it('keeps the name and avatar when only one password field is filled', () => {
    const avatar = new File(['x'], 'a.png', { type: 'image/png' });
    expect(profileChanges(form({ fullname: 'Ann B. Lee', avatar, oldPassword: 'a' }), 'Ann Lee')).toEqual({
      fullname: 'Ann B. Lee',
      avatar,
    });
  });

  it('knows when there is nothing to send', () => {
    expect(hasChanges({})).toBe(false);
    expect(hasChanges({ fullname: 'x' })).toBe(true);
  });
});

describe('isPasswordHalfFilled', () => {
  it('is true when exactly one of the two password fields is filled', () => {
    expect(isPasswordHalfFilled({ oldPassword: '', newPassword: '' })).toBe(false);
    expect(isPasswordHalfFilled({ oldPassword: 'a', newPassword: '' })).toBe(true);
    expect(isPasswordHalfFilled({ oldPassword: '', newPassword: 'b' })).toBe(true);
    expect(isPasswordHalfFilled({ oldPassword: 'a', newPassword: 'b' })).toBe(false);
  });
});
