// Entry of the small classic script inline in index.html (vite-plugins.ts builds it): before the
// app's JavaScript has arrived, it preloads the opened page's code and sends its first calls.
import { startWarmHome } from '@/features/video-list/warm-home';
import { startWarmWatch } from '@/features/watch/warm-start';
import { preloadPageCode } from '@/lib/warm-code';

// Every page warmed here is a signed-in page: the app sends visitors without a user cookie to '/'.
if (/(?:^|;\s*)user=/.test(document.cookie)) {
  // A watch page's warm start preloads its code itself, after sending the watch call.
  if (!startWarmWatch()) preloadPageCode(location.pathname);
  startWarmHome();
}
