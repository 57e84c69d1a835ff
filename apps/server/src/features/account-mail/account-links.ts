/** The web app's pages that mailed links open (built at the edge from PUBLIC_URL, docs/accounts.md). */
export function accountLinks(origin: string) {
  const page = (path: string, token?: string) => `${origin}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return {
    verifyEmail: (token: string) => page('/verify-email', token),
    resetPassword: (token: string) => page('/reset-password', token),
    confirmEmail: (token: string) => page('/confirm-email', token),
    account: () => page('/account'),
    notifications: () => page('/notifications'),
  };
}
