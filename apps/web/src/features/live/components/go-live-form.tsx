import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@streamhub/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { LiveCreated } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { ExclusivePriceFields } from '@/components/exclusive-price-fields';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { VisibilitySelect } from '@/components/ui/visibility-select';
import { errorText } from '@/lib/api-client';
import { useCreateLive } from '../api/create-live';
import { emptyLiveForm, liveBody, liveFormError, type LiveForm } from '../live-form';

/** liveFormError's reasons, in the catalogue. */
const PROBLEMS: Record<string, string> = {
  'Title is required': 'goLive.titleRequired',
  'Description is required': 'goLive.descriptionRequired',
};

type GoLiveFormProps = { onCancel: () => void; onCreated: (live: LiveCreated) => void };

/** The Go live form (API.md §17): title, description, exclusive and price, by the upload form's rules. */
export function GoLiveForm({ onCancel, onCreated }: GoLiveFormProps) {
  const { t } = useTranslation();
  const create = useCreateLive();
  const [form, setForm] = useState<LiveForm>(emptyLiveForm);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = liveFormError(form);
    if (problem) return setError(PROBLEMS[problem] ? t(PROBLEMS[problem]) : problem);
    setError(null);
    try {
      onCreated(await create.mutateAsync(liveBody(form)));
    } catch (e) {
      setError(errorText(e, t('goLive.createFailed')));
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={create.isPending} className="flex flex-col gap-5">
      <fieldset disabled={create.isPending} className="flex flex-col gap-5">
        <TextField
          label={t('goLive.title')}
          maxLength={VIDEO_TITLE_MAX}
          name="title"
          required
          value={form.title}
          onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        />
        <TextareaField
          label={t('goLive.description')}
          maxLength={VIDEO_DESCRIPTION_MAX}
          name="description"
          required
          value={form.description}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
        />
        <VisibilitySelect value={form.visibility ?? 'public'} onChange={(visibility) => setForm((f) => ({ ...f, visibility }))} />
        <ExclusivePriceFields
          switchLabel={t('goLive.exclusive')}
          priceLabel={t('goLive.price')}
          isExclusive={form.isExclusive}
          price={form.price}
          min={0}
          hint={t('goLive.priceHint')}
          onExclusiveChange={(isExclusive) => setForm((f) => ({ ...f, isExclusive }))}
          onPriceChange={(price) => setForm((f) => ({ ...f, price }))}
        />
        <div className="rounded-xl border border-line p-4">
          <Switch
            label={t('money.membersOnlyLive')}
            checked={form.membersOnly ?? false}
            onChange={(membersOnly) => setForm((f) => ({ ...f, membersOnly }))}
          />
        </div>
      </fieldset>
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" aria-disabled={create.isPending}>
          {create.isPending ? t('goLive.creating') : t('goLive.create')}
        </Button>
      </div>
    </form>
  );
}
