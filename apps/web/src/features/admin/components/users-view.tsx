import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { MAX_STORAGE_QUOTA_BYTES, MAX_UPLOAD_LIMIT, type AdminUser, type AdminUsersQuery, type Role } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Img } from '@/components/ui/img';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { inputClasses, TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/formatters';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { useUserAction } from '../api/user-actions';
import { formatBytes, parseLimit } from '../bytes';
import { Pager } from '@/components/ui/pager';
import { SuspendUserButton } from './suspend-user-button';

const PAGE_SIZE = 20;
const ROLES: Role[] = ['user', 'moderator', 'admin'];
/** The filters; each one's label is adminUsers.filter.<value or 'everyone'> in the catalogue. */
const FILTERS = ['', 'pending', 'suspended', 'staff'] as const;
type Filter = (typeof FILTERS)[number];

/** /admin/users: search accounts; change a role, limits; suspend, unsuspend, approve (API.md §12). */
export function UsersView() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('');
  const [page, setPage] = useState(1);
  const params: AdminUsersQuery = { query: query || undefined, filter: filter || undefined, page };
  const users = useAdminUsers(params);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  }

  return (
    <div className="flex flex-col gap-5">
      <form role="search" aria-label={t('adminUsers.label')} onSubmit={search} className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('adminUsers.search')}
          type="search"
          placeholder={t('adminUsers.searchPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="min-w-56 flex-1"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="users-filter" className="text-sm font-medium text-zinc-200">
            {t('adminUsers.show')}
          </label>
          <select
            id="users-filter"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setPage(1);
            }}
            className={`${inputClasses} w-48`}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`adminUsers.filter.${f || 'everyone'}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{t('adminUsers.searchButton')}</Button>
      </form>
      {users.isPending ? (
        <LoadingScreen />
      ) : users.isError ? (
        <LoadError message={errorText(users.error, t('adminUsers.loadFailed'))} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <EmptyState text={t('adminUsers.empty')} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('count.users', { count: users.data.total, formatted: formatCount(users.data.total) })}
          </p>
          <ul className="flex flex-col gap-3" aria-busy={users.isFetching}>
            {users.data.users.map((user) => (
              <li key={user._id}>
                <UserRow user={user} />
              </li>
            ))}
          </ul>
          <Pager label={t('adminUsers.pages')} page={page} hasNext={page * PAGE_SIZE < users.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function UserStatus({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.suspended)
    return (
      <p className="text-sm text-red-300">
        <span className="font-semibold">{t('adminUsers.filter.suspended')}</span>
        {user.suspendedReason ? `: ${user.suspendedReason}` : ''}
      </p>
    );
  if (user.approvalPending) {
    return <p className="text-sm font-semibold text-amber-300">{t('adminUsers.filter.pending')}</p>;
  }
  return null;
}

function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const update = useUpdateAdminUser();
  const action = useUserAction();
  const [limitsOpen, setLimitsOpen] = useState(false);
  const [roleReason, setRoleReason] = useState('');
  const name = `@${user.username}`;

  function changeRole(role: Role) {
    const reason = roleReason.trim();
    update.mutate(
      { userId: user._id, patch: reason ? { role, reason } : { role } },
      {
        onSuccess: () => {
          setRoleReason('');
          toastSuccess(t('adminUsers.roleChanged', { name, role: t(`adminUsers.role.${role}`) }));
        },
        onError: (e) => toastError(errorText(e, t('adminUsers.roleFailed'))),
      },
    );
  }

  function act(kind: 'unsuspend' | 'approve') {
    action.mutate(
      { userId: user._id, action: kind, reason: '' },
      {
        onSuccess: () =>
          toastSuccess(kind === 'approve' ? t('adminUsers.approved', { name }) : t('adminUsers.unsuspended', { name })),
        onError: (e) => toastError(errorText(e, t('adminUsers.actionFailed'))),
      },
    );
  }

  return (
    <article aria-label={user.fullname || name} className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4">
      <div className="flex flex-wrap items-center gap-3">
        <Img src={user.avatar} fallback="avatar" alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold">{user.fullname}</span>
          <span className="truncate text-sm text-muted">
            {name} · {user.email} · {t('adminUsers.joined', { date: formatDate(user.createdAt) })}
          </span>
        </div>
        {/* Typed before the role is picked: the audit log keeps it beside the change. */}
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">{t('adminUsers.reason')}</span>
          <input
            type="text"
            value={roleReason}
            maxLength={1000}
            aria-label={t('adminUsers.reasonLabel', { name })}
            placeholder={t('adminUsers.reasonPlaceholder')}
            disabled={update.isPending}
            onChange={(e) => setRoleReason(e.target.value)}
            className={`${inputClasses} h-9 w-44`}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">{t('adminUsers.role')}</span>
          <select
            value={user.role}
            aria-label={t('adminUsers.roleLabel', { name })}
            disabled={update.isPending}
            onChange={(e) => changeRole(e.target.value as Role)}
            className={`${inputClasses} h-9 w-36`}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`adminUsers.role.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <UserStatus user={user} />
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">{t('adminUsers.uploads')}</dt>
          <dd className="tabular-nums">
            {t('adminUsers.usedOf', { used: user.uploads, limit: user.uploadLimit })}
            {user.overrides.uploadLimit === null ? t('adminUsers.byDefault') : ''}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('adminUsers.storage')}</dt>
          <dd className="tabular-nums">
            {t('adminUsers.usedOf', {
              used: formatBytes(user.storageBytes),
              limit: user.storageQuotaBytes === null ? t('adminUsers.unlimited') : formatBytes(user.storageQuotaBytes),
            })}
            {user.overrides.storageQuotaBytes === null ? t('adminUsers.byDefault') : ''}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setLimitsOpen(true)}>
          {t('adminUsers.editLimits')}
        </Button>
        {user.approvalPending ? (
          <Button size="sm" aria-disabled={action.isPending} onClick={() => !action.isPending && act('approve')}>
            {t('adminUsers.approve')}
          </Button>
        ) : null}
        {user.suspended ? (
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={action.isPending}
            onClick={() => !action.isPending && act('unsuspend')}
          >
            {t('adminUsers.unsuspend')}
          </Button>
        ) : (
          <SuspendUserButton userId={user._id} username={user.username} />
        )}
      </div>
      <LimitsDialog user={user} open={limitsOpen} onOpenChange={setLimitsOpen} />
    </article>
  );
}

function LimitsDialog({ user, open, onOpenChange }: { user: AdminUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={t('adminUsers.limitsTitle', { username: user.username })}
          description={t('adminUsers.limitsDescription')}
        >
          <LimitsForm user={user} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const asText = (value: number | null) => (value === null ? '' : String(value));

function LimitsForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAdminUser();
  const [uploadLimit, setUploadLimit] = useState(asText(user.overrides.uploadLimit));
  const [quota, setQuota] = useState(asText(user.overrides.storageQuotaBytes));
  const [error, setError] = useState<string | null>(null);
  const quotaValue = parseLimit(quota, MAX_STORAGE_QUOTA_BYTES);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const limit = parseLimit(uploadLimit, MAX_UPLOAD_LIMIT);
    // parseLimit's messages, in the page's language: not a whole number, or above the field's maximum.
    const limitError = (text: string, max: number) =>
      /^\d+$/.test(text.trim()) ? t('adminSettings.atMost', { max }) : t('adminSettings.wholeNumber');
    if ('error' in limit) return setError(t('adminUsers.uploadLimitError', { error: limitError(uploadLimit, MAX_UPLOAD_LIMIT) }));
    if ('error' in quotaValue) {
      return setError(t('adminUsers.quotaError', { error: limitError(quota, MAX_STORAGE_QUOTA_BYTES) }));
    }
    setError(null);
    update.mutate(
      { userId: user._id, patch: { uploadLimit: limit.value, storageQuotaBytes: quotaValue.value } },
      {
        onSuccess: () => {
          toastSuccess(t('adminUsers.limitsSaved'));
          onDone();
        },
        onError: (e) => setError(errorText(e, t('adminUsers.limitsFailed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <TextField
        label={t('adminSettings.uploadLimit')}
        inputMode="numeric"
        value={uploadLimit}
        onChange={(e) => setUploadLimit(e.target.value)}
      />
      <TextField
        label={t('adminSettings.quota')}
        inputMode="numeric"
        value={quota}
        onChange={(e) => setQuota(e.target.value)}
        hint={'value' in quotaValue && quotaValue.value !== null ? formatBytes(quotaValue.value) : t('adminUsers.quotaHint')}
      />
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={update.isPending}>
          {t('adminUsers.save')}
        </Button>
      </div>
    </form>
  );
}
