import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { PasswordField } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { clearCurrentUser } from '@/lib/auth';
import { formatDate } from '@/lib/formatters';
import { toastSuccess } from '@/lib/toast';
import { useBrowserValue } from '@/lib/use-browser-value';
import {
  useAddPasskey,
  useEndAllSessions,
  usePasskeys,
  useRemovePasskey,
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
} from '../api/security';
import { useUpdatePassword } from '../api/update-password';

const canUsePasskeys = () => 'PublicKeyCredential' in window;

const SECTION = 'flex flex-col gap-4 rounded-xl border border-line bg-panel p-4';

/** Change of password: the current one, then the new one (SPEC §5's rules); other sessions end. */
export function PasswordSection() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!oldPassword || !newPassword) return setError(t('changeEmail.bothRequired'));
    setError(null);
    update.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          setOldPassword('');
          setNewPassword('');
          toastSuccess(t('security.passwordChanged'));
        },
        onError: (err) => setError(errorText(err, t('accountData.tryAgain'))),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className={SECTION} aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-semibold">
        {t('security.password')}
      </h2>
      <TextField
        label={t('security.currentPassword')}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(e) => setOldPassword(e.target.value)}
      />
      <PasswordField label={t('editProfile.newPassword')} name="newPassword" value={newPassword} onChange={setNewPassword} />
      <FormError message={error} />
      <Button type="submit" className="self-start" disabled={update.isPending}>
        {t('editProfile.changePassword')}
      </Button>
    </form>
  );
}

/** A QR code of the otpauth URL, drawn in the browser (qrcode loads only here). */
function QrCode({ text }: { text: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(text, { margin: 1, width: 192 }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img src={src} width={192} height={192} alt={t('twoFactor.qrAlt')} className="rounded bg-white" />
  ) : (
    <div className="h-48 w-48 rounded bg-raised" aria-hidden />
  );
}

/** Two factors (API.md §19): set up with a QR code, confirm a code, keep the recovery codes; turn off. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const disable = useTwoFactorDisable();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.needCode'));
    setError(null);
    enable.mutate(code.trim(), {
      onSuccess: (done) => {
        setRecoveryCodes(done.recoveryCodes);
        setCode('');
        setup.reset();
      },
      onError: (err) => setError(errorText(err, t('accountData.tryAgain'))),
    });
  }

  function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || !code.trim()) return setError(t('changeEmail.bothRequired'));
    setError(null);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          setRecoveryCodes(null);
          toastSuccess(t('twoFactor.off'));
        },
        onError: (err) => setError(errorText(err, t('accountData.tryAgain'))),
      },
    );
  }

  return (
    <section className={SECTION} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {t('twoFactor.title')}
      </h2>
      {recoveryCodes ? (
        <div className="flex flex-col gap-2" role="status">
          <p className="text-sm">{t('twoFactor.recoveryIntro')}</p>
          <ul aria-label={t('twoFactor.recoveryCodes')} className="grid grid-cols-2 gap-1 font-mono text-sm">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {enabled ? (
        <form onSubmit={turnOff} noValidate className="flex flex-col gap-4">
          {recoveryCodes ? null : <p className="text-sm text-muted">{t('twoFactor.on')}</p>}
          <TextField
            label={t('deleteAccount.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('twoFactor.codeOrRecovery')}
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" variant="secondary" className="self-start" disabled={disable.isPending}>
            {t('twoFactor.turnOff')}
          </Button>
        </form>
      ) : setup.data ? (
        <form onSubmit={confirm} noValidate className="flex flex-col gap-4">
          <p className="text-sm">{t('twoFactor.scan')}</p>
          <QrCode text={setup.data.otpauthUrl} />
          <p className="text-sm text-muted">
            {t('twoFactor.byHand')} <code className="font-mono break-all text-fg">{setup.data.secret}</code>
          </p>
          <TextField
            label={t('twoFactor.sixDigit')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" className="self-start" disabled={enable.isPending}>
            {t('twoFactor.turnOn')}
          </Button>
        </form>
      ) : (
        <>
          <p className="text-sm text-muted">{t('twoFactor.intro')}</p>
          <FormError message={setup.isError ? errorText(setup.error, t('accountData.tryAgain')) : null} />
          <Button className="self-start" disabled={setup.isPending} onClick={() => setup.mutate()}>
            {t('twoFactor.setUp')}
          </Button>
        </>
      )}
    </section>
  );
}

/** Passkeys (API.md §19): this device's or a security key's sign-in with no password. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const supported = useBrowserValue(canUsePasskeys, true);

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        toastSuccess(t('passkeys.added'));
      },
      onError: (err) => setError(errorText(err, t('passkeys.addFailed'))),
    });
  }

  return (
    <section className={SECTION} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="text-lg font-semibold">
        {t('passkeys.title')}
      </h2>
      <p className="text-sm text-muted">{t('passkeys.intro')}</p>
      {passkeys.data?.length ? (
        <ul className="flex flex-col divide-y divide-line" aria-label={t('passkeys.yours')}>
          {passkeys.data.map((p) => (
            <li key={p._id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{p.name}</p>
                <p className="text-xs text-muted">
                  {t('passkeys.addedOn', { date: formatDate(p.createdAt) })}
                  {p.lastUsedAt ? t('passkeys.lastUsed', { date: formatDate(p.lastUsedAt) }) : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('passkeys.removeNamed', { name: p.name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(p._id)}
              >
                {t('passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : passkeys.isSuccess ? (
        <p className="text-sm">{t('passkeys.none')}</p>
      ) : null}
      {supported ? (
        <form onSubmit={handleAdd} noValidate className="flex flex-col gap-4">
          <TextField
            label={t('passkeys.name')}
            name="name"
            maxLength={64}
            placeholder={t('passkeys.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" className="self-start" disabled={add.isPending}>
            {t('passkeys.add')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('passkeys.unsupported')}</p>
      )}
    </section>
  );
}

/** Sign out everywhere: every session of mine ends, this one too; back to the sign-in page. */
export function SessionsSection() {
  const { t } = useTranslation();
  const endAll = useEndAllSessions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <section className={SECTION} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t('sessions.title')}
      </h2>
      <p className="text-sm text-muted">{t('sessions.intro')}</p>
      <FormError message={endAll.isError ? errorText(endAll.error, t('accountData.tryAgain')) : null} />
      <Button
        variant="secondary"
        className="self-start"
        disabled={endAll.isPending}
        onClick={() =>
          endAll.mutate(undefined, {
            onSuccess: () => {
              void navigate('/', { replace: true });
              clearCurrentUser();
              queryClient.clear();
            },
          })
        }
      >
        {t('sessions.signOutEverywhere')}
      </Button>
    </section>
  );
}
