/**
 * The colour theme a visitor chose with the theme toggle, kept in a cookie so the server can write
 * it into the page's `<html data-theme>` and the first paint is already in that theme. No cookie:
 * the page follows the system's `prefers-color-scheme`.
 */
export const THEME_COOKIE = 'theme';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The stored choice, or null (follow the system) for a missing or unknown value. */
export function themeChoice(value: string | undefined | null): Theme | null {
  return THEMES.find((t) => t === value) ?? null;
}
