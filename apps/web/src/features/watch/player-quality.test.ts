import { describe, expect, it } from 'vitest';
import { autoQualityLabel, qualityLevels } from './player-quality';

describe('qualityLevels', () => {
  it('lists rungs highest first and keeps their hls.js index', () => {
    expect(qualityLevels([{ height: 240 }, { height: 720 }, { height: 480 }])).toEqual([
      { index: 1, height: 720 },
      { index: 2, height: 480 },
      { index: 0, height: 240 },
    ]);
  });
  it('drops audio-only and duplicate heights', () => {
    expect(qualityLevels([{ height: 0 }, { height: 360 }, { height: 360 }])).toEqual([{ index: 1, height: 360 }]);
  });
});

describe('autoQualityLabel', () => {
  it('shows the rung being played when known', () => {
    expect(autoQualityLabel(480)).toBe('Auto (480p)');
    expect(autoQualityLabel(null)).toBe('Auto');
    expect(autoQualityLabel(0)).toBe('Auto');
  });
});
