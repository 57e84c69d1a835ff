import { useTranslation } from '@/i18n/use-translation';
import { BrandLogo } from '@/components/brand-logo';
import { CheckIcon } from '@/components/ui/icons';

const creatorBenefits = ['authBenefits.creatorHosting', 'authBenefits.creatorTools', 'authBenefits.creatorAudience'];
const viewerBenefits = ['authBenefits.viewerStreaming', 'authBenefits.viewerRecommendations', 'authBenefits.viewerCommunity'];

function BenefitList({ title, items }: { title: string; items: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-2xl border border-line bg-panel/60 p-5">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckIcon className="shrink-0 text-brand" />
            <span className="first-letter:uppercase">{t(item)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The sign-in page's pitch (SPEC §1). */
export function AuthBenefits() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <BrandLogo className="text-2xl" />
      <h1 className="text-3xl leading-tight font-bold md:text-4xl lg:text-5xl">{t('authBenefits.title')}</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <BenefitList title={t('authBenefits.forCreators')} items={creatorBenefits} />
        <BenefitList title={t('authBenefits.forViewers')} items={viewerBenefits} />
      </div>
    </div>
  );
}
