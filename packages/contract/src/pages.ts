/**
 * Which web pages belong to a signed-in user (API.md §18), and where signing in may lead back to.
 * Schema-free: the server's web-app plugin and the browser's shell decide with the same rules.
 */

/**
 * The pages of the signed-in user: a signed-out request for one is answered with a redirect to
 * sign-in (`/?next=<path>`). Everyone else's pages (a channel, its videos, playlists and posts, a
 * watch page, home, trending, search) are public and are not listed here.
 */
const USER_PAGE =
  /^\/(?:account(?:\/security)?|liked|history|subscriptions|subscribers|purchases|reports|notifications|videos|studio(?:\/[^/]+)?|channel(?:\/comments)?|video\/(?:new|edit\/[^/]+|buy\/[^/]+)|live\/[^/]+|playlist(?:\/p\/[^/]+)?|post(?:\/new|\/p\/[^/]+|\/edit\/[^/]+)?|admin(?:\/.*)?)\/?$/;

/** Whether `pathname` (no query) is a page of the signed-in user. */
export function isUserPage(pathname: string): boolean {
  return USER_PAGE.test(pathname);
}

/**
 * The page sign-in returns to: `next` when it is a path of this site (a single leading `/`, not
 * `//` or `/\`, which browsers read as another host), else `fallback`.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/home'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Control characters (a tab or newline inside `/\t/host`) are dropped by URL parsers: refused too.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  return next;
}

/** The sign-in page that leads back to `path` (path and query of the page left). */
export function signInPathFor(path: string): string {
  return `/?next=${encodeURIComponent(path)}`;
}
