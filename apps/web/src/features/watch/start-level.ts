/**
 * The first rung the player asks for (pure, unit-tested). The lowest rung starts fastest but looks
 * poor on a big screen; the highest looks best but may stall a phone. We start on the smallest rung
 * that fills the player at its pixel density, unless the connection cannot carry it, then adaptive
 * bitrate takes over from there.
 */

export type Rendition = { width: number; height: number; bitrate: number };
export type StartConditions = {
  /** Player box in CSS pixels. */
  playerWidth: number;
  playerHeight: number;
  pixelRatio: number;
  /** Estimated throughput in bits per second. */
  bandwidthBps: number;
};

/** Share of the estimated bandwidth a first rung may use, so its first segment arrives well within its duration. */
export const START_BANDWIDTH_SHARE = 0.7;
/** Used when nothing is known about the connection (hls.js itself assumes 500 kb/s). */
export const DEFAULT_BANDWIDTH_BPS = 1_000_000;
/** A measured estimate is trusted for this long; connections change (a phone leaves the Wi-Fi). */
export const SAVED_ESTIMATE_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** Beyond 2×, more pixels cost bytes without a visible gain. */
const MAX_PIXEL_RATIO = 2;

/** Index (in `levels`' own order) of the rung to start with; -1 when there is none with a picture. */
export function chooseStartLevel(levels: readonly Rendition[], conditions: StartConditions): number {
  const video = levels
    .map((level, index) => ({ ...level, index }))
    .filter((level) => level.height > 0 && level.width > 0)
    .sort((a, b) => a.bitrate - b.bitrate || a.height - b.height);
  if (video.length === 0) return -1;

  const ratio = Math.min(Math.max(conditions.pixelRatio || 1, 1), MAX_PIXEL_RATIO);
  const needWidth = conditions.playerWidth * ratio;
  const needHeight = conditions.playerHeight * ratio;
  // Smallest rung that covers the player (as hls.js's capLevelToPlayerSize decides), else the largest.
  const bySize = video.find((level) => level.width >= needWidth || level.height >= needHeight) ?? video[video.length - 1]!;
  const budget = conditions.bandwidthBps * START_BANDWIDTH_SHARE;
  const affordable = video.filter((level) => level.bitrate <= budget);
  const byBandwidth = affordable[affordable.length - 1] ?? video[0]!;
  return bySize.bitrate <= byBandwidth.bitrate ? bySize.index : byBandwidth.index;
}

export type SavedEstimate = { bps: number; at: number };

/**
 * Bandwidth to start from: the player's own measurement from an earlier visit while it is recent,
 * else the browser's Network Information estimate (Chromium; Mb/s), else a modest default.
 */
export function estimateBandwidth(saved: SavedEstimate | null, now: number, downlinkMbps: number | undefined): number {
  if (saved && saved.bps > 0 && now - saved.at >= 0 && now - saved.at < SAVED_ESTIMATE_MAX_AGE_MS) return saved.bps;
  if (downlinkMbps && downlinkMbps > 0) return downlinkMbps * 1_000_000;
  return DEFAULT_BANDWIDTH_BPS;
}

/**
 * The player's size on the watch page before it exists, from the viewport alone (the first
 * rung is chosen before the page has laid it out). Mirrors the page's layout: padding of the main column, the
 * sidebar from 1024 px, the 'More videos' column beside the player from 1280 px, 1600 px at most.
 */
export function predictPlayerSize(viewportWidth: number): { playerWidth: number; playerHeight: number } {
  const padding = viewportWidth >= 1024 ? 64 : viewportWidth >= 640 ? 48 : 32;
  const sidebar = viewportWidth >= 1024 ? 257 : 0;
  const aside = viewportWidth >= 1536 ? 384 + 24 : viewportWidth >= 1280 ? 320 + 24 : 0;
  const playerWidth = Math.max(160, Math.min(1600, viewportWidth - sidebar - padding) - aside);
  return { playerWidth, playerHeight: Math.round((playerWidth * 9) / 16) };
}

/**
 * hls.js sorts a master playlist's variants by height, then bit rate; this is where the variant
 * at `index` (in the playlist's own order) ends up, for `hls.startLevel`.
 */
export function hlsLevelIndex(levels: readonly Rendition[], index: number): number {
  const chosen = levels[index];
  if (!chosen) return -1;
  const sorted = [...levels].sort((a, b) => a.height - b.height || a.bitrate - b.bitrate);
  return sorted.indexOf(chosen);
}
