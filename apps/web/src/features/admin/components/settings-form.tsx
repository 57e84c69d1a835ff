import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
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

/** The choices, their label and hint under adminSettings.registrations.<value>[Hint] in the catalogue. */
const REGISTRATIONS: Registrations[] = ['open', 'approval', 'closed'];

/** /admin/settings: registrations, default quotas, the instance's name and terms (API.md §12). */
export function SettingsView() {
  const { t } = useTranslation();
  const settings = useSettings();
  if (settings.isPending) return <LoadingScreen />;
  if (settings.isError)
    return (
      <LoadError message={errorText(settings.error, t('adminSettings.loadFailed'))} onRetry={() => void settings.refetch()} />
    );
  return <SettingsForm settings={settings.data} />;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

function SettingsForm({ settings }: { settings: InstanceSettings }) {
  const { t } = useTranslation();
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
    // parseLimit's messages, in the page's language: not a whole number, or above the field's maximum.
    const limitError = (text: string, max: number) =>
      /^\d+$/.test(text.trim()) ? t('adminSettings.atMost', { max }) : t('adminSettings.wholeNumber');
    if ('error' in limit)
      return setError(t('adminSettings.uploadLimitError', { error: limitError(uploadLimit, MAX_UPLOAD_LIMIT) }));
    if ('error' in quotaValue) {
      return setError(t('adminSettings.quotaError', { error: limitError(quota, MAX_STORAGE_QUOTA_BYTES) }));
    }
    if (!name.trim()) return setError(t('adminSettings.nameRequired'));
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
        onSuccess: () => toastSuccess(t('adminSettings.saved')),
        onError: (e) => setError(errorText(e, t('adminSettings.saveFailed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={update.isPending} className="flex max-w-2xl flex-col gap-6">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">{t('adminSettings.registrations')}</legend>
        {REGISTRATIONS.map((r) => (
          <label
            key={r}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-sky-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-400"
          >
            <input
              type="radio"
              name="registrations"
              value={r}
              checked={registrations === r}
              onChange={() => setRegistrations(r)}
              className="mt-1 h-4 w-4 accent-sky-400"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium">{t(`adminSettings.registrations.${r}`)}</span>
              <span className="text-xs text-muted">{t(`adminSettings.registrations.${r}Hint`)}</span>
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
          {t('adminSettings.emailVerification')}
        </label>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('adminSettings.defaultQuotas')}</legend>
        <TextField
          label={t('adminSettings.uploadLimit')}
          inputMode="numeric"
          value={uploadLimit}
          onChange={(e) => setUploadLimit(e.target.value)}
          hint={t('adminSettings.uploadLimitHint')}
        />
        <TextField
          label={t('adminSettings.quota')}
          inputMode="numeric"
          value={quota}
          onChange={(e) => setQuota(e.target.value)}
          hint={'value' in quotaValue && quotaValue.value !== null ? formatBytes(quotaValue.value) : t('adminSettings.quotaHint')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">{t('adminSettings.signInPage')}</legend>
        <TextField
          label={t('adminSettings.instanceName')}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextareaField
          label={t('adminSettings.terms')}
          maxLength={20000}
          rows={8}
          value={terms}
          onChange={(e) => setTerms(e.target.value)}
        />
      </fieldset>
      <FormError message={error} />
      <div>
        <Button type="submit" aria-disabled={update.isPending}>
          {t('adminSettings.save')}
        </Button>
      </div>
    </form>
  );
}
