let mixedIn: Promise<void> | null = null;

/**
 * Video tracks and renditions (media-tracks) on every `<video>`, once. The player's controller
 * listens for renditions only on a `videoRenditions` its media has when it attaches, so this runs
 * before the controller is defined (player-chrome.ts); a rung's own file lists its rungs there
 * (use-adaptive-upgrade.ts). Mixed in after the controller, the Quality menu kept only "Auto".
 */
export function mixInMediaTracks(): Promise<void> {
  mixedIn ??= import('media-tracks').then(({ MediaTracksMixin }) => {
    MediaTracksMixin(globalThis.HTMLMediaElement);
  });
  return mixedIn;
}
