import type { Page } from '@playwright/test';

/**
 * Resolves once React has taken over the server's markup: the app marks the moment it committed
 * the page (apps/web/src/app/start-app.tsx, `HYDRATED_MARK`).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('streamhub:hydrated').length > 0);
}

/** Opens `path` as an in-app navigation (so "back one page" has a page to go back to). */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ ...window.history.state, idx: (window.history.state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/**
 * Opens `path` inside the app, from a page that loads no data: its calls are then the browser's
 * own, for a test to answer (a page opened from the server comes with the server's answers).
 */
export async function openInApp(page: Page, path: string) {
  await page.goto('/error');
  await waitForHydration(page);
  await navigateInApp(page, path);
}
