import { describe, expect, it } from 'vitest';
import { buildStoryboardArgs, buildStoryboardVtt, framesIn, planStoryboard, sheetName, vttTime } from './storyboard.ts';

describe('planStoryboard', () => {
  it('takes a frame every 2 s (every keyframe) for short videos, 160 px wide for 16:9', () => {
    expect(planStoryboard({ durationSec: 25, width: 426, height: 240 })).toEqual({
      intervalSec: 2,
      count: 13,
      frameWidth: 160,
      frameHeight: 90,
      columns: 10,
      rows: 10,
    });
  });

  it('spaces frames of long videos to stay near 300, on keyframes', () => {
    const hour = planStoryboard({ durationSec: 3600, width: 426, height: 240 });
    expect(hour.intervalSec).toBe(12);
    expect(hour.count).toBe(300);
    const tenMinutes = planStoryboard({ durationSec: 601, width: 426, height: 240 });
    expect(tenMinutes.intervalSec % 2).toBe(0);
    expect(tenMinutes.count).toBeLessThanOrEqual(300);
  });

  it('fits portrait pictures in the same box and never enlarges', () => {
    expect(planStoryboard({ durationSec: 10, width: 240, height: 426 })).toMatchObject({ frameWidth: 90, frameHeight: 160 });
    expect(planStoryboard({ durationSec: 10, width: 120, height: 68 })).toMatchObject({ frameWidth: 120, frameHeight: 68 });
  });
});

describe('buildStoryboardArgs', () => {
  const plan = planStoryboard({ durationSec: 25, width: 426, height: 240 });

  it('decodes keyframes of the rung only, through concat and the mov demuxer, into tiled sheets', () => {
    const args = buildStoryboardArgs({ rungDir: '240p', init: 'init.mp4', segments: ['seg_00001.m4s', 'seg_00002.m4s'] }, plan);
    expect(args.join(' ')).toContain(
      '-skip_frame nokey -f mov -protocol_whitelist file,concat -i concat:240p/init.mp4|240p/seg_00001.m4s|240p/seg_00002.m4s',
    );
    expect(args).toContain('fps=1/2:eof_action=pass,scale=160:90,tile=10x10');
    expect(args.at(-1)).toBe('storyboard/sheet_%03d.jpg');
    expect(args.indexOf('-skip_frame')).toBeLessThan(args.indexOf('-i'));
  });

  it('reads a single-file rung as its one file, in its folder or beside the master (the top rung)', () => {
    const ranges = ['media.mp4', 'media.mp4'];
    expect(buildStoryboardArgs({ rungDir: '240p', init: 'media.mp4', segments: ranges }, plan).join(' ')).toContain(
      '-i concat:240p/media.mp4 -map',
    );
    expect(buildStoryboardArgs({ rungDir: '.', init: 'video.mp4', segments: ['video.mp4'] }, plan).join(' ')).toContain(
      '-i concat:./video.mp4 -map',
    );
  });

  it('refuses names that could reach other files', () => {
    for (const bad of ['../x.m4s', 'a|b.m4s', 'seg.m3u8', '/etc/passwd']) {
      expect(() => buildStoryboardArgs({ rungDir: '240p', init: 'init.mp4', segments: [bad] }, plan)).toThrow();
    }
    expect(() => buildStoryboardArgs({ rungDir: '../240p', init: 'init.mp4', segments: ['s.m4s'] }, plan)).toThrow();
    expect(() => buildStoryboardArgs({ rungDir: '..', init: 'init.mp4', segments: ['s.m4s'] }, plan)).toThrow();
    expect(() => buildStoryboardArgs({ rungDir: '240p', init: 'init.mp4', segments: [] }, plan)).toThrow();
  });
});

describe('buildStoryboardVtt', () => {
  it('names the sheet and region of each frame, the last cue running to the end', () => {
    const plan = { ...planStoryboard({ durationSec: 25, width: 426, height: 240 }), columns: 2, rows: 2 };
    const vtt = buildStoryboardVtt(plan, 5, 9.5);
    expect(vtt.split('\n\n')).toEqual([
      'WEBVTT',
      '00:00:00.000 --> 00:00:02.000\nsheet_001.jpg#xywh=0,0,160,90',
      '00:00:02.000 --> 00:00:04.000\nsheet_001.jpg#xywh=160,0,160,90',
      '00:00:04.000 --> 00:00:06.000\nsheet_001.jpg#xywh=0,90,160,90',
      '00:00:06.000 --> 00:00:08.000\nsheet_001.jpg#xywh=160,90,160,90',
      '00:00:08.000 --> 00:00:09.500\nsheet_002.jpg#xywh=0,0,160,90\n',
    ]);
  });

  it('formats times and sheet names, and counts only frames of sheets written', () => {
    expect(vttTime(3723.4567)).toBe('01:02:03.457');
    expect(sheetName(12)).toBe('sheet_012.jpg');
    const plan = planStoryboard({ durationSec: 600, width: 426, height: 240 });
    expect(framesIn(plan, 3)).toBe(300);
    expect(framesIn(plan, 2)).toBe(200);
  });
});
