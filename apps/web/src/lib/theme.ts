import { useSyncExternalStore } from 'react';
import { THEME_COOKIE, themeChoice, type Theme } from '@streamhub/contract';

/**
 * The colour theme. index.css gives every colour a light and a dark value; `<html data-theme>`
 * (written by the server from the `theme` cookie) forces one, and without it the system's
 * `prefers-color-scheme` decides. The toggle stores the visitor's choice in that cookie for a year.
 */
const LIGHT_QUERY = '(prefers-color-scheme: light)';
const listeners = new Set<() => void>();

/** The theme the page shows now: the stored choice, else the system's. */
export function currentTheme(): Theme {
  const stored = themeChoice(document.documentElement.dataset.theme);
  if (stored) return stored;
  return window.matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark';
}

/** Show and store `theme`. */
export function chooseTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  for (const l of listeners) l();
}

function subscribe(onChange: () => void) {
  const system = window.matchMedia(LIGHT_QUERY);
  listeners.add(onChange);
  system.addEventListener('change', onChange);
  return () => {
    listeners.delete(onChange);
    system.removeEventListener('change', onChange);
  };
}

/** The theme shown, kept current (the server's render and hydration say dark: it cannot know the system's). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'dark');
}
