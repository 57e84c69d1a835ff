import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Navigate, useSearchParams } from 'react-router';
import { AuthBenefits } from '@/features/auth/components/auth-benefits';
import { CreateAccountForm } from '@/features/auth/components/create-account-form';
import { InstanceTerms } from '@/features/auth/components/instance-terms';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useNextPage } from '@/features/auth/next-page';
import { useCurrentUser } from '@/lib/auth';

/**
 * `/`: sign in or create an account; `?view=register` picks the second view so links and Back
 * work; `?next=` is the page either leads to (the server sends a signed-in visitor there itself).
 */
export function SignInPage() {
  // Signed in already when the page opened (a link to `/` inside the app): on to `next`. Signing
  // in here, the form goes there itself, once (a second navigation would run the loaders again).
  const user = useCurrentUser();
  const [signedInAtOpen] = useState(user !== null);
  const [params] = useSearchParams();
  const { next } = useNextPage();
  const { t } = useTranslation();
  if (signedInAtOpen) return <Navigate to={next} replace />;

  const registering = params.get('view') === 'register';
  return (
    <div className="mx-auto grid min-h-dvh max-w-6xl items-center gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
      <title>{t(registering ? 'signUp.documentTitle' : 'signIn.documentTitle')}</title>
      <AuthBenefits />
      <div className="w-full rounded-2xl border border-line bg-panel p-6 shadow-2xl sm:p-8">
        {registering ? <CreateAccountForm /> : <SignInForm />}
        <InstanceTerms />
      </div>
    </div>
  );
}
