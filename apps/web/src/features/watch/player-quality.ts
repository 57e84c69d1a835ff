/** Quality menu logic for the watch page player (pure, unit-tested). */

export type QualityLevel = { index: number; height: number };

/** hls.js levels → menu entries, highest first; one entry per height (the first rung of that height wins). */
export function qualityLevels(levels: ReadonlyArray<{ height: number }>): QualityLevel[] {
  const seen = new Set<number>();
  const result: QualityLevel[] = [];
  levels.forEach(({ height }, index) => {
    if (!(height > 0) || seen.has(height)) return;
    seen.add(height);
    result.push({ index, height });
  });
  return result.sort((a, b) => b.height - a.height);
}

/** 'Auto (480p)' while adaptive bitrate picks the rung, so viewers see what they get. */
export function autoQualityLabel(playingHeight: number | null): string {
  return playingHeight && playingHeight > 0 ? `Auto (${playingHeight}p)` : 'Auto';
}
