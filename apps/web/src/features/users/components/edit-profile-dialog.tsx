import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { AvatarPicker, isImageFile } from '@/components/avatar-picker';
import { PasswordField } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { PencilIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useUpdateAvatar } from '../api/update-avatar';
import { useUpdateDetails } from '../api/update-details';
import { useUpdatePassword } from '../api/update-password';
import { hasChanges, isPasswordHalfFilled, profileChanges, type ProfileForm } from '../profile-changes';

type Profile = { fullname: string; avatar: string };

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation();
  const updateDetails = useUpdateDetails();
  const updateAvatar = useUpdateAvatar();
  const updatePassword = useUpdatePassword();
  const [form, setForm] = useState<ProfileForm>({
    fullname: profile.fullname,
    avatar: null,
    oldPassword: '',
    newPassword: '',
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.avatar && !isImageFile(form.avatar)) return setError(t('editProfile.avatarNotImage'));
    // Half a password is left out (SPEC §5) but blocks nothing else; the hint under it says so.
    const changes = profileChanges(form, profile.fullname);
    if (!hasChanges(changes)) {
      // Closing on half a password alone would look as if it had been changed.
      if (!isPasswordHalfFilled(form)) onDone();
      return;
    }

    setSaving(true);
    setError(null);
    // One call per changed part, in order; stop at the first failure and keep the dialog open.
    try {
      if (changes.fullname) {
        await updateDetails.mutateAsync({ fullname: changes.fullname }).catch((e: unknown) => {
          throw new Error(errorText(e, t('editProfile.detailsFailed')));
        });
        toastSuccess(t('editProfile.success'));
      }
      if (changes.avatar) {
        await updateAvatar.mutateAsync(changes.avatar).catch((e: unknown) => {
          throw new Error(errorText(e, t('editProfile.avatarFailed')));
        });
        toastSuccess(t('editProfile.success'));
      }
      if (changes.password) {
        await updatePassword.mutateAsync(changes.password).catch((e: unknown) => {
          throw new Error(errorText(e, t('editProfile.passwordFailed')));
        });
        toastSuccess(t('editProfile.passwordChanged'));
      }
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('editProfile.detailsFailed'));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-5 flex flex-col gap-4" aria-busy={saving}>
      <TextField
        label={t('editProfile.fullname')}
        name="fullname"
        autoComplete="name"
        value={form.fullname}
        onChange={(e) => setForm((f) => ({ ...f, fullname: e.target.value }))}
      />
      <AvatarPicker
        label={t('editProfile.changeAvatar')}
        file={form.avatar}
        currentSrc={profile.avatar}
        onChange={(avatar) => setForm((f) => ({ ...f, avatar }))}
      />
      <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-medium text-zinc-200">{t('editProfile.changePassword')}</legend>
        <TextField
          label={t('editProfile.oldPassword')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={(e) => setForm((f) => ({ ...f, oldPassword: e.target.value }))}
        />
        <PasswordField
          label={t('editProfile.newPassword')}
          name="newPassword"
          value={form.newPassword}
          onChange={(newPassword) => setForm((f) => ({ ...f, newPassword }))}
        />
        <p className="min-h-4 text-xs text-amber-300" aria-live="polite">
          {isPasswordHalfFilled(form) ? t('editProfile.halfPassword') : null}
        </p>
      </fieldset>
      <p className="text-sm text-muted">
        {t('editProfile.emailChangedIn')}{' '}
        <Link to="/account" className="text-sky-400 hover:underline">
          {t('editProfile.account')}
        </Link>
        .
      </p>
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary" disabled={saving}>
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={saving}>
          {saving ? t('playlistEdit.saving') : t('playlistEdit.save')}
        </Button>
      </div>
    </form>
  );
}

/** The owner's 'Edit Profile' button and modal (SPEC §2, §5). */
export function EditProfileDialog({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <PencilIcon />
          {t('editProfile.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('editProfile.open')} description={t('editProfile.description')}>
        {/* Mounted only while open, so every opening starts from the current profile. */}
        <EditProfileForm profile={profile} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
