import { useInstance } from '../api/get-instance';

/**
 * The instance's name and terms under the sign-in and create-account forms (set by an admin).
 * Nothing while they load or when the call fails: the forms work without them.
 */
export function InstanceTerms() {
  const instance = useInstance();
  if (!instance.data) return null;
  const { instanceName, instanceTerms, registrations } = instance.data;
  return (
    <div className="mt-6 flex flex-col gap-2 border-t border-line pt-4 text-sm">
      <p className="text-muted">
        You are joining <span className="font-semibold text-fg">{instanceName}</span>
        {registrations === 'closed'
          ? ' (registrations are closed)'
          : registrations === 'approval'
            ? ' (new accounts are approved by an administrator)'
            : ''}
        .
      </p>
      {instanceTerms.trim() ? (
        <details>
          <summary className="cursor-pointer text-zinc-200">Terms of {instanceName}</summary>
          <div
            role="region"
            aria-label={`Terms of ${instanceName}`}
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
