// Entry of the small classic script index.html loads first (vite-plugins.ts builds it): before the
// app's JavaScript has arrived, it preloads the opened page's code and sends its first calls.
import { startWarmHome } from '@/features/video-list/warm-home';
import { startWarmWatch } from '@/features/watch/warm-start';
import { hasUserCookie } from '@/lib/warm-calls';
import { preloadPageCode } from '@/lib/warm-code';

// A watch page's warm start preloads its code itself, after sending the watch call.
if (!startWarmWatch() && hasUserCookie()) {
  // The pages listed are signed-in pages; the app sends visitors without a user cookie to '/'.
  preloadPageCode(location.pathname);
}
startWarmHome();
