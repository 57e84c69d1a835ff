import { BrandLogo } from '@/components/brand-logo';
import { CheckIcon } from '@/components/ui/icons';

const creatorBenefits = ['high-quality video hosting', 'powerful creator tools', 'engage with your audience'];
const viewerBenefits = ['unlimited HD streaming', 'personalized recommendations', 'interactive community'];

function BenefitList({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="rounded-2xl border border-line bg-panel/60 p-5">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckIcon className="shrink-0 text-brand" />
            <span className="first-letter:uppercase">{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The sign-in page's pitch (SPEC §1). */
export function AuthBenefits() {
  return (
    <div className="flex flex-col gap-6">
      <BrandLogo className="text-2xl" />
      <h1 className="text-3xl leading-tight font-bold md:text-4xl lg:text-5xl">Share your creativity with the world</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <BenefitList title="For creators" items={creatorBenefits} />
        <BenefitList title="For viewers" items={viewerBenefits} />
      </div>
    </div>
  );
}
