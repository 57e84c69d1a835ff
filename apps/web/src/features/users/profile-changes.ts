export type ProfileForm = { fullname: string; avatar: File | null; oldPassword: string; newPassword: string };

export type ProfileChanges = {
  fullname?: string;
  avatar?: File;
  password?: { oldPassword: string; newPassword: string };
};

/**
 * SPEC §5: the name is sent only if changed, the avatar only if chosen, and a password change only
 * when both old and new are filled.
 */
export function profileChanges(form: ProfileForm, currentFullname: string): ProfileChanges {
  const changes: ProfileChanges = {};
  const fullname = form.fullname.trim();
  if (fullname && fullname !== currentFullname) changes.fullname = fullname;
  if (form.avatar) changes.avatar = form.avatar;
  if (form.oldPassword && form.newPassword) {
    changes.password = { oldPassword: form.oldPassword, newPassword: form.newPassword };
  }
  return changes;
}

export function hasChanges(changes: ProfileChanges): boolean {
  return Boolean(changes.fullname || changes.avatar || changes.password);
}

/** One password field filled and not the other: no password change is sent, and the form says so. */
export function isPasswordHalfFilled(form: Pick<ProfileForm, 'oldPassword' | 'newPassword'>): boolean {
  return Boolean(form.oldPassword) !== Boolean(form.newPassword);
}
