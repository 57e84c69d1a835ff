import { useState, type FormEvent } from 'react';
import { MAX_STORAGE_QUOTA_BYTES, MAX_UPLOAD_LIMIT, type AdminUser, type AdminUsersQuery, type Role } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Img } from '@/components/ui/img';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { inputClasses, TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { countOf, formatDate } from '@/lib/formatters';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { useUserAction } from '../api/user-actions';
import { formatBytes, parseLimit } from '../bytes';
import { Pager } from '@/components/ui/pager';
import { SuspendUserButton } from './suspend-user-button';

const PAGE_SIZE = 20;
const ROLES: Role[] = ['user', 'moderator', 'admin'];
const FILTERS = [
  { value: '', label: 'Everyone' },
  { value: 'pending', label: 'Awaiting approval' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'staff', label: 'Staff' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

/** /admin/users: search accounts; change a role, limits; suspend, unsuspend, approve (API.md §12). */
export function UsersView() {
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
      <form role="search" aria-label="Users" onSubmit={search} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Search users"
          type="search"
          placeholder="Name, username or email"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="min-w-56 flex-1"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="users-filter" className="text-sm font-medium text-zinc-200">
            Show
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
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Search</Button>
      </form>
      {users.isPending ? (
        <LoadingScreen />
      ) : users.isError ? (
        <LoadError message={errorText(users.error, 'Users could not be loaded.')} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <EmptyState text="No users found" />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {countOf(users.data.total, 'user', 'users')}
          </p>
          <ul className="flex flex-col gap-3" aria-busy={users.isFetching}>
            {users.data.users.map((user) => (
              <li key={user._id}>
                <UserRow user={user} />
              </li>
            ))}
          </ul>
          <Pager label="Users pages" page={page} hasNext={page * PAGE_SIZE < users.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function UserStatus({ user }: { user: AdminUser }) {
  if (user.suspended)
    return (
      <p className="text-sm text-red-300">
        <span className="font-semibold">Suspended</span>
        {user.suspendedReason ? `: ${user.suspendedReason}` : ''}
      </p>
    );
  if (user.approvalPending) return <p className="text-sm font-semibold text-amber-300">Awaiting approval</p>;
  return null;
}

function UserRow({ user }: { user: AdminUser }) {
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
          toastSuccess(`${name} is now ${role}`);
        },
        onError: (e) => toastError(errorText(e, 'The role could not be changed.')),
      },
    );
  }

  function act(kind: 'unsuspend' | 'approve') {
    action.mutate(
      { userId: user._id, action: kind, reason: '' },
      {
        onSuccess: () => toastSuccess(kind === 'approve' ? `${name} approved` : `${name} unsuspended`),
        onError: (e) => toastError(errorText(e, 'That did not work.')),
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
            {name} · {user.email} · joined {formatDate(user.createdAt)}
          </span>
        </div>
        {/* Typed before the role is picked: the audit log keeps it beside the change. */}
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Reason</span>
          <input
            type="text"
            value={roleReason}
            maxLength={1000}
            aria-label={`Reason for ${name}'s new role`}
            placeholder="Why (optional)"
            disabled={update.isPending}
            onChange={(e) => setRoleReason(e.target.value)}
            className={`${inputClasses} h-9 w-44`}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Role</span>
          <select
            value={user.role}
            aria-label={`Role of ${name}`}
            disabled={update.isPending}
            onChange={(e) => changeRole(e.target.value as Role)}
            className={`${inputClasses} h-9 w-36`}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      </div>
      <UserStatus user={user} />
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Uploads</dt>
          <dd className="tabular-nums">
            {user.uploads} of {user.uploadLimit}
            {user.overrides.uploadLimit === null ? ' (default)' : ''}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Storage</dt>
          <dd className="tabular-nums">
            {formatBytes(user.storageBytes)} of{' '}
            {user.storageQuotaBytes === null ? 'unlimited' : formatBytes(user.storageQuotaBytes)}
            {user.overrides.storageQuotaBytes === null ? ' (default)' : ''}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setLimitsOpen(true)}>
          Edit limits
        </Button>
        {user.approvalPending ? (
          <Button size="sm" aria-disabled={action.isPending} onClick={() => !action.isPending && act('approve')}>
            Approve
          </Button>
        ) : null}
        {user.suspended ? (
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={action.isPending}
            onClick={() => !action.isPending && act('unsuspend')}
          >
            Unsuspend
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={`Limits of @${user.username}`} description="Leave a field blank for the instance default.">
          <LimitsForm user={user} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const asText = (value: number | null) => (value === null ? '' : String(value));

function LimitsForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const update = useUpdateAdminUser();
  const [uploadLimit, setUploadLimit] = useState(asText(user.overrides.uploadLimit));
  const [quota, setQuota] = useState(asText(user.overrides.storageQuotaBytes));
  const [error, setError] = useState<string | null>(null);
  const quotaValue = parseLimit(quota, MAX_STORAGE_QUOTA_BYTES);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const limit = parseLimit(uploadLimit, MAX_UPLOAD_LIMIT);
    if ('error' in limit) return setError(`Upload limit: ${limit.error}`);
    if ('error' in quotaValue) return setError(`Storage quota: ${quotaValue.error}`);
    setError(null);
    update.mutate(
      { userId: user._id, patch: { uploadLimit: limit.value, storageQuotaBytes: quotaValue.value } },
      {
        onSuccess: () => {
          toastSuccess('Limits saved');
          onDone();
        },
        onError: (e) => setError(errorText(e, 'The limits could not be saved.')),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <TextField
        label="Upload limit (videos)"
        inputMode="numeric"
        value={uploadLimit}
        onChange={(e) => setUploadLimit(e.target.value)}
      />
      <TextField
        label="Storage quota (bytes)"
        inputMode="numeric"
        value={quota}
        onChange={(e) => setQuota(e.target.value)}
        hint={'value' in quotaValue && quotaValue.value !== null ? formatBytes(quotaValue.value) : 'Blank: the default'}
      />
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
