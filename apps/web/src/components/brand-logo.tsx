import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';

function Mark() {
  return (
    <svg viewBox="0 0 32 32" className="h-[1.2em] w-[1.2em]" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#e62117" />
      <path d="M12 9.5v13l11-6.5z" fill="#fff" />
    </svg>
  );
}

/** The product name and mark; a link when `to` is given. */
export function BrandLogo({ to, className = 'text-xl' }: { to?: string; className?: string }) {
  const { t } = useTranslation();
  const content = (
    <>
      <Mark />
      <span className="font-bold tracking-tight">{t('brand.name')}</span>
    </>
  );
  const classes = `inline-flex items-center gap-2 rounded-lg ${className}`;
  return to ? (
    <Link to={to} className={classes} aria-label={t('brand.home')}>
      {content}
    </Link>
  ) : (
    <span className={classes}>{content}</span>
  );
}
