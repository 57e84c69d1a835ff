import './hold-early';
import { loadAppCodeAfterLargestPaint } from './load-app-code';

/**
 * The page's first script, inline at the top of its head (vite-plugins.ts `inlineEarlyScript`):
 * it holds what the visitor does until the app has taken the page over (hold-early.ts), and asks
 * for the app's code once the page's largest content has painted (load-app-code.ts).
 */
loadAppCodeAfterLargestPaint();
