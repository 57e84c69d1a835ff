import { useTranslation } from '@/i18n/use-translation';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the pages a mailed link or "Forgot password?" opens: one card, a way back to sign in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4 py-10">
      <title>{`${title} · StreamHub`}</title>
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-panel p-6 shadow-2xl sm:p-8">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
        <p className="text-center text-sm text-muted">
          <Link to="/" className="font-medium text-sky-400 hover:underline">
            {t('authCard.backToSignIn')}
          </Link>
        </p>
      </div>
    </div>
  );
}
