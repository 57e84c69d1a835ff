import { useState, type FormEvent } from 'react';
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
  const latest = useAccountExport();
  const request = useRequestAccountExport();
  const current = latest.data;
  return (
    <section aria-labelledby="my-data" className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4">
      <h2 id="my-data" className="text-lg font-semibold">
        Download my data
      </h2>
      <p className="text-sm text-muted">
        A zip of your account, videos (with their files), comments, posts, playlists, likes, history, subscriptions, purchases and
        earnings. One a day; it can be downloaded for 7 days.
      </p>
      {current?.state === 'pending' || current?.state === 'failed' ? (
        <p role="status" className="text-sm">
          {current.state === 'pending'
            ? 'Your export is being made. We will notify you when it is ready.'
            : 'Your last export could not be made. Please ask again.'}
        </p>
      ) : null}
      {current?.state === 'ready' && current.expiresAt ? (
        <p className="text-sm">
          <a className="font-medium text-accent underline" href={accountExportUrl(current._id)} download>
            Download my data{current.sizeBytes !== null ? ` (${fileSize(current.sizeBytes)})` : ''}
          </a>{' '}
          <span className="text-muted">until {formatDate(current.expiresAt)}</span>
        </p>
      ) : null}
      {/* A form action: a click before the page's code has run is replayed by React, not lost. */}
      <form action={() => request.mutate()} className="self-start">
        <Button type="submit" disabled={request.isPending || current?.state === 'pending'}>
          Request my data
        </Button>
      </form>
      {request.isError ? (
        <p className="text-sm text-red-400">
          {request.error instanceof ApiError && request.error.status === 429
            ? 'You can ask for one export a day.'
            : errorText(request.error, 'Please try again.')}
        </p>
      ) : null}
    </section>
  );
}

/** "Delete account" (API.md §19): confirmed with the password (and a code when two factors are on); it cannot be undone. */
export function DeleteAccount({ twoFactor }: { twoFactor: boolean }) {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setError('Enter your password.');
    if (twoFactor && !code.trim()) return setError('Enter a code from your authenticator app or a recovery code.');
    setError(null);
    remove.mutate(
      { password, ...(twoFactor ? { code: code.trim() } : {}) },
      { onError: (err) => setError(errorText(err, 'Please try again.')) },
    );
  }

  return (
    <section aria-labelledby="delete-account" className="flex flex-col gap-3 rounded-xl border border-red-500/40 bg-panel p-4">
      <h2 id="delete-account" className="text-lg font-semibold">
        Delete account
      </h2>
      <p className="text-sm text-muted">
        Your videos, posts, comments, likes, history, playlists and subscriptions are deleted at once, and buyers of your paid
        videos and playlists are refunded. This cannot be undone.
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
        <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
          Delete account
        </Button>
        <DialogContent title="Delete your account?" description="Everything of your account goes at once. This cannot be undone.">
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {twoFactor ? (
              <TextField
                label="Two-factor code"
                name="code"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            ) : null}
            <FormError message={error} />
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              Delete my account
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
