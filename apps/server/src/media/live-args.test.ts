import { describe, expect, it } from 'vitest';
import { buildLiveArgs, buildLiveLadder, livePublishFiles, type LiveSource } from './live-args.ts';
import { buildLivePlaylist, type LiveSegment } from './live-playlist.ts';

const source = (o: Partial<LiveSource> = {}): LiveSource => ({
  width: 1280,
  height: 720,
  fps: 30,
  hasAudio: true,
  audioChannels: 2,
  ...o,
});

describe('the live ladder', () => {
  it('is the upload ladder capped by the incoming picture, every rung encoded', () => {
    expect(buildLiveLadder(source()).map((r) => [r.name, r.copy])).toEqual([
      ['720p', false],
      ['480p', false],
      ['360p', false],
      ['240p', false],
    ]);
    expect(buildLiveLadder(source({ width: 320, height: 240 })).map((r) => r.name)).toEqual(['240p']);
    // Portrait phones: the shorter side names the rung.
    expect(buildLiveLadder(source({ width: 720, height: 1280 }))[0]).toMatchObject({ name: '720p', width: 720, height: 1280 });
  });

  it('reads FLV from stdin in real time (no -re) and writes 2 s fMP4 segments with their wall clock, per publish', () => {
    const rungs = buildLiveLadder(source());
    const args = buildLiveArgs({ source: source(), rungs, publish: 2, preset: 'superfast' });
    expect(args).not.toContain('-re');
    expect(args.join(' ')).toContain('-f flv -i pipe:0');
    expect(args.join(' ')).toContain('[0:v:0]scale=1280:720');
    expect(args.filter((a) => a === '-hls_time').length).toBe(4);
    expect(args[args.indexOf('-hls_time') + 1]).toBe('2');
    expect(args[args.indexOf('-hls_flags') + 1]).toContain('program_date_time');
    expect(args[args.indexOf('-preset') + 1]).toBe('superfast');
    expect(args.join(' ')).toContain('-force_key_frames expr:gte(t,n_forced*2)');
    expect(args).toContain('0:a:0');
    expect(args.at(-1)).toBe(livePublishFiles(rungs.at(-1)!, 2).playlist);
    expect(livePublishFiles(rungs[0]!, 2)).toEqual({
      playlist: '720p/s2.m3u8',
      init: 's2_init.mp4',
      segments: '720p/s2_%05d.m4s',
    });
    expect(buildLiveArgs({ source: source({ hasAudio: false }), rungs, publish: 1, preset: 'veryfast' })).not.toContain('0:a:0');
  });
});

describe('the served live playlist', () => {
  const seg = (n: number, publish = 1): LiveSegment => ({
    uri: `s${publish}_${String(n).padStart(5, '0')}.m4s`,
    durationSec: 2,
    programDateTime: `2026-11-25T19:00:${String(n * 2).padStart(2, '0')}.000+0000`,
    initUri: `s${publish}_init.mp4`,
    publish,
  });

  it('holds the last segments of the window, numbered from the first, with their wall clock and no end', () => {
    const text = buildLivePlaylist(
      [0, 1, 2, 3, 4].map((n) => seg(n)),
      3,
    );
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:2\n');
    expect(text).toContain('#EXT-X-TARGETDURATION:2\n');
    expect(text).toContain('#EXT-X-MAP:URI="s1_init.mp4"');
    expect(text.match(/#EXTINF/g)).toHaveLength(3);
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-25T19:00:04.000+0000\n#EXTINF:2.000000,\ns1_00002.m4s');
    expect(text).not.toContain('s1_00001.m4s');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(buildLivePlaylist([seg(0)], 3, true)).toContain('#EXT-X-ENDLIST');
  });

  it('marks a return of the publisher with a discontinuity and its own init segment, counted once it leaves the window', () => {
    const all = [seg(0), seg(1), seg(0, 2), seg(1, 2)];
    const text = buildLivePlaylist(all, 10);
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0');
    expect(text).toContain('s1_00001.m4s\n#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="s2_init.mp4"\n');
    const later = buildLivePlaylist(all, 1);
    expect(later).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(later).toContain('#EXT-X-MEDIA-SEQUENCE:3');
    expect(later).not.toContain('#EXT-X-DISCONTINUITY\n');
  });
});
