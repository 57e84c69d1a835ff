import { Outlet } from 'react-router';

/** Pages without the signed-in shell: sign-in, offline, not found. */
export function BareLayout() {
  return (
    <main id="main" className="min-h-dvh">
      <Outlet />
    </main>
  );
}
