import type { Catalogue } from '../catalogue';

/** English texts of the watch page's player (features/watch/components/video-player.tsx). */
export const enPlayer = {
  'player.label': 'Video player: {{title}}',
  'player.quality': 'Quality',
  'player.speed': 'Speed',
  'player.defaultView': 'Default view',
  'player.theaterMode': 'Theater mode',
  'player.defaultViewKey': 'Default view (t)',
  'player.theaterModeKey': 'Theater mode (t)',
  'player.keysHint':
    'Keys anywhere on the page but in text fields: Space or K play and pause, J and L seek 10 seconds, arrow left and right 5 seconds, M mutes, F toggles full screen, C captions, T theater mode, 0 to 9 jump to 0 to 90 percent, question mark lists all shortcuts.',
  'player.cannotPlay': 'This video cannot be played right now.',
} satisfies Catalogue;
