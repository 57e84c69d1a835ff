import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { NavLink } from 'react-router';
import { LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useMe } from '@/features/auth/api/get-me';
import { hasRole } from '@/lib/roles';

type StaffLevel = 'moderator' | 'admin';

/** The administration pages and who sees each link (moderators: the report queue only); `label` is a catalogue key. */
export const staffLinks: Array<{ to: string; label: string; level: StaffLevel }> = [
  { to: '/admin/reports', label: 'staffPage.reports', level: 'moderator' },
  { to: '/admin/users', label: 'staffPage.users', level: 'admin' },
  { to: '/admin/settings', label: 'staffPage.settings', level: 'admin' },
  { to: '/admin/jobs', label: 'staffPage.jobs', level: 'admin' },
  { to: '/admin/audit', label: 'staffPage.audit', level: 'admin' },
];

/** The links of the administration pages the role may open. */
export function staffLinksFor(role: string | undefined) {
  return staffLinks.filter((link) => hasRole(role, link.level));
}

function StaffTabs({ role }: { role: string | undefined }) {
  const { t } = useTranslation();
  const links = staffLinksFor(role);
  if (links.length < 2) return null;
  return (
    <nav aria-label={t('staffPage.administration')} className="flex gap-1 overflow-x-auto border-b border-line">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            `shrink-0 border-b-2 px-3 py-2 text-sm ${isActive ? 'border-fg font-semibold text-fg' : 'border-transparent text-zinc-300 hover:text-fg'}`
          }
        >
          {t(link.label)}
        </NavLink>
      ))}
    </nav>
  );
}

type StaffPageProps = { level: StaffLevel; title: string; children: ReactNode };

/**
 * An administration page (API.md §12): its heading and tabs, for staff of `level` or above. The
 * role comes from GET /api/users/me; the server refuses every call of a lower role anyway (403),
 * so this only spares others a page of errors.
 */
export function StaffPage({ level, title, children }: StaffPageProps) {
  const { t } = useTranslation();
  const me = useMe();
  let body: ReactNode;
  if (me.isPending) body = <LoadingScreen />;
  else if (me.isError) body = <LoadError message={t('staffPage.accountLoadFailed')} onRetry={() => void me.refetch()} />;
  else if (!hasRole(me.data.role, level))
    body = (
      <p role="alert" className="py-16 text-center text-lg text-muted">
        {t(level === 'admin' ? 'staffPage.adminsOnly' : 'staffPage.moderatorsOnly')}
      </p>
    );
  else body = children;

  return (
    <section aria-labelledby="staff-title" className="mx-auto flex max-w-5xl flex-col gap-6">
      <title>{t('staffPage.documentTitle', { title })}</title>
      <h1 id="staff-title" className="text-2xl font-bold">
        {title}
      </h1>
      {me.data && hasRole(me.data.role, level) ? <StaffTabs role={me.data.role} /> : null}
      {body}
    </section>
  );
}
