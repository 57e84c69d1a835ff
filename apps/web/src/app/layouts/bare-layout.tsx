import { Outlet } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { ThemeToggle } from '@/components/theme-toggle';

/** Pages without the signed-in shell: sign-in, offline, not found. The theme toggle sits in the corner. */
export function BareLayout() {
  return (
    <main id="main" className="relative min-h-dvh">
      <Outlet />
      <div className="absolute top-2 end-2 flex items-center gap-1">
        <LanguageMenu />
        <ThemeToggle />
      </div>
    </main>
  );
}
