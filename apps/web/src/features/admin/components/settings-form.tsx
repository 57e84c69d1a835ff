import { useState, type FormEvent } from 'react';
import { MAX_STORAGE_QUOTA_BYTES, MAX_UPLOAD_LIMIT, type InstanceSettings, type Registrations } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorText } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { formatBytes, parseLimit } from '../bytes';

const REGISTRATIONS: Array<{ value: Registrations; label: string; hint: string }> = [
  { value: 'open', label: 'Open', hint: 'Anyone may create an account.' },
  { value: 'approval', label: 'Approval', hint: 'New accounts wait until an admin approves them.' },
  { value: 'closed', label: 'Closed', hint: 'Nobody may create an account.' },
];

/** /admin/settings: registrations, default quotas, the instance's name and terms (API.md §12). */
export function SettingsView() {
  const settings = useSettings();
  if (settings.isPending) return <LoadingScreen />;
  if (settings.isError)
    return (
      <LoadError message={errorText(settings.error, 'Settings could not be loaded.')} onRetry={() => void settings.refetch()} />
    );
  return <SettingsForm settings={settings.data} />;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

function SettingsForm({ settings }: { settings: InstanceSettings }) {
  const update = useUpdateSettings();
  const [registrations, setRegistrations] = useState(settings.registrations);
  const [verification, setVerification] = useState(settings.emailVerification);
  const [uploadLimit, setUploadLimit] = useState(asText(settings.defaultUploadLimit));
  const [quota, setQuota] = useState(asText(settings.defaultStorageQuotaBytes));
  const [name, setName] = useState(settings.instanceName);
  const [terms, setTerms] = useState(settings.instanceTerms);
  const [error, setError] = useState<string | null>(null);
  const quotaValue = parseLimit(quota, MAX_STORAGE_QUOTA_BYTES);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const limit = parseLimit(uploadLimit, MAX_UPLOAD_LIMIT);
    if ('error' in limit) return setError(`Default upload limit: ${limit.error}`);
    if ('error' in quotaValue) return setError(`Default storage quota: ${quotaValue.error}`);
    if (!name.trim()) return setError('Instance name is required.');
    setError(null);
    update.mutate(
      {
        registrations,
        emailVerification: verification,
        defaultUploadLimit: limit.value,
        defaultStorageQuotaBytes: quotaValue.value,
        instanceName: name.trim(),
        instanceTerms: terms,
      },
      {
        onSuccess: () => toastSuccess('Settings saved'),
        onError: (e) => setError(errorText(e, 'The settings could not be saved.')),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={update.isPending} className="flex max-w-2xl flex-col gap-6">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">Registrations</legend>
        {REGISTRATIONS.map((r) => (
          <label
            key={r.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-sky-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-400"
          >
            <input
              type="radio"
              name="registrations"
              value={r.value}
              checked={registrations === r.value}
              onChange={() => setRegistrations(r.value)}
              className="mt-1 h-4 w-4 accent-sky-400"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium">{r.label}</span>
              <span className="text-xs text-muted">{r.hint}</span>
            </span>
          </label>
        ))}
        <label className="mt-2 flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="emailVerification"
            checked={verification === 'required'}
            onChange={(e) => setVerification(e.target.checked ? 'required' : 'off')}
            className="h-4 w-4 accent-sky-400"
          />
          New accounts must confirm their email address before they sign in
        </label>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Default quotas</legend>
        <TextField
          label="Upload limit (videos)"
          inputMode="numeric"
          value={uploadLimit}
          onChange={(e) => setUploadLimit(e.target.value)}
          hint="Blank: the server's UPLOAD_LIMIT_DEFAULT"
        />
        <TextField
          label="Storage quota (bytes)"
          inputMode="numeric"
          value={quota}
          onChange={(e) => setQuota(e.target.value)}
          hint={'value' in quotaValue && quotaValue.value !== null ? formatBytes(quotaValue.value) : 'Blank: unlimited'}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Sign-in page</legend>
        <TextField label="Instance name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <TextareaField label="Terms" maxLength={20000} rows={8} value={terms} onChange={(e) => setTerms(e.target.value)} />
      </fieldset>
      <FormError message={error} />
      <div>
        <Button type="submit" aria-disabled={update.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
