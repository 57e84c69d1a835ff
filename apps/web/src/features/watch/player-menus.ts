import { loadPlayerMenus } from './preload-player';

/** The buttons that open a menu; their menus are defined on demand (player-chrome.ts). */
const MENU_BUTTONS = 'media-settings-menu-button, media-captions-menu-button';
const ACTIVATING_KEYS = new Set(['Enter', ' ']);

/**
 * Defines the player's menus as the viewer goes for one (a pointer over or down on a menu button,
 * or the keyboard's focus on it), and holds an activation that comes before they are defined (a
 * click, Enter or Space: the button would open an element that is not a menu yet) until they are,
 * then makes it again. Returns the function that stops listening.
 */
export function defineMenusOnDemand(controller: HTMLElement): () => void {
  let defined = false;
  const menuButton = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(MENU_BUTTONS) : null);
  const define = () =>
    loadPlayerMenus().then(() => {
      defined = true;
    });
  const onIntent = (event: Event) => {
    if (!defined && menuButton(event)) void define();
  };
  const onActivate = (event: Event) => {
    if (defined) return;
    const button = menuButton(event);
    if (!button || (event instanceof KeyboardEvent && !ACTIVATING_KEYS.has(event.key))) return;
    event.preventDefault();
    event.stopPropagation();
    void define().then(() => {
      if (button.isConnected) button.click();
    });
  };
  const intents = ['pointerover', 'pointerdown', 'focusin'];
  const activations = ['click', 'keydown'];
  for (const type of intents) controller.addEventListener(type, onIntent, true);
  for (const type of activations) controller.addEventListener(type, onActivate, true);
  return () => {
    for (const type of intents) controller.removeEventListener(type, onIntent, true);
    for (const type of activations) controller.removeEventListener(type, onActivate, true);
  };
}
