import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorText } from '@/lib/api-client';
import { accountExportUrl, useAccountExport, useRequestAccountExport } from '../api/account-export';
import { useDeleteAccount } from '../api/delete-account';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** "Download my data" (API.md §19): ask for an export, watch it being made, download the zip (7 days). */
export function DownloadMyData() {
  const { t } = useTranslation();
  const latest = useAccountExport();
  const request = useRequestAccountExport();
  const current = latest.data;
  return (
    <section aria-labelledby="my-data" className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4">
      <h2 id="my-data" className="text-lg font-semibold">
        {t('accountData.download')}
      </h2>
      <p className="text-sm text-muted">{t('accountData.downloadIntro')}</p>
      {current?.state === 'pending' || current?.state === 'failed' ? (
        <p role="status" className="text-sm">
          {current.state === 'pending' ? t('accountData.pending') : t('accountData.failed')}
        </p>
      ) : null}
      {current?.state === 'ready' && current.expiresAt ? (
        <p className="text-sm">
          <a className="font-medium text-accent underline" href={accountExportUrl(current._id)} download>
            {t('accountData.download')}
            {current.sizeBytes !== null ? ` (${fileSize(current.sizeBytes)})` : ''}
          </a>{' '}
          <span className="text-muted">{t('accountData.until', { date: formatDate(current.expiresAt) })}</span>
        </p>
      ) : null}
      {/* A form action: a click before the page's code has run is replayed by React, not lost. */}
      <form action={() => request.mutate()} className="self-start">
        <Button type="submit" disabled={request.isPending || current?.state === 'pending'}>
          {t('accountData.request')}
        </Button>
      </form>
      {request.isError ? (
        <p className="text-sm text-red-400">
          {request.error instanceof ApiError && request.error.status === 429
            ? t('accountData.oneADay')
            : errorText(request.error, t('accountData.tryAgain'))}
        </p>
      ) : null}
    </section>
  );
}

/** "Delete account" (API.md §19): confirmed with the password (and a code when two factors are on); it cannot be undone. */
export function DeleteAccount({ twoFactor }: { twoFactor: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setError(t('deleteAccount.needPassword'));
    if (twoFactor && !code.trim()) return setError(t('deleteAccount.needCode'));
    setError(null);
    remove.mutate(
      { password, ...(twoFactor ? { code: code.trim() } : {}) },
      { onError: (err) => setError(errorText(err, t('accountData.tryAgain'))) },
    );
  }

  return (
    <section aria-labelledby="delete-account" className="flex flex-col gap-3 rounded-xl border border-red-500/40 bg-panel p-4">
      <h2 id="delete-account" className="text-lg font-semibold">
        {t('deleteAccount.title')}
      </h2>
      <p className="text-sm text-muted">{t('deleteAccount.intro')}</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
          {t('deleteAccount.title')}
        </Button>
        <DialogContent title={t('deleteAccount.confirmTitle')} description={t('deleteAccount.confirmDescription')}>
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <TextField
              label={t('deleteAccount.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {twoFactor ? (
              <TextField
                label={t('deleteAccount.code')}
                name="code"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            ) : null}
            <FormError message={error} />
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {t('deleteAccount.submit')}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
