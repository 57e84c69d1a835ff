import { useTranslation } from '@/i18n/use-translation';
import { useInstance } from '../api/get-instance';

/**
 * The instance's name and terms under the sign-in and create-account forms (set by an admin).
 * Nothing while they load or when the call fails: the forms work without them.
 */
export function InstanceTerms() {
  const { t } = useTranslation();
  const instance = useInstance();
  if (!instance.data) return null;
  const { instanceName, instanceTerms, registrations } = instance.data;
  return (
    <div className="mt-6 flex flex-col gap-2 border-t border-line pt-4 text-sm">
      <p className="text-muted">
        {t('instanceTerms.joining')} <span className="font-semibold text-fg">{instanceName}</span>
        {registrations === 'closed' ? t('instanceTerms.closed') : registrations === 'approval' ? t('instanceTerms.approval') : ''}
        .
      </p>
      {instanceTerms.trim() ? (
        <details>
          <summary className="cursor-pointer text-zinc-200">{t('instanceTerms.terms', { name: instanceName })}</summary>
          <div
            role="region"
            aria-label={t('instanceTerms.terms', { name: instanceName })}
            tabIndex={0}
            className="mt-2 max-h-64 overflow-y-auto break-words whitespace-pre-line text-muted"
          >
            {instanceTerms}
          </div>
        </details>
      ) : null}
    </div>
  );
}
