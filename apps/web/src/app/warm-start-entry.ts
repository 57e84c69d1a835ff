// Entry of the small classic script index.html loads first (vite-plugins.ts builds it): on a watch
// page it starts the watch call and the first media before the app's JavaScript has arrived.
import { startWarmWatch } from '@/features/watch/warm-start';

startWarmWatch();
