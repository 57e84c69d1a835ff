import { describe, expect, it } from 'vitest';
import {
  buildFilterGraph,
  buildProbeArgs,
  buildTranscodeArgs,
  DEMUXER_BY_SNIFFED_TYPE,
  demuxerForSniffedType,
  inputArgs,
  OUTPUT_FILES,
  rungFiles,
  rungPlaylistPath,
  type SourceProbe,
} from './ffmpeg-args.ts';
import { buildLadder } from './ladder.ts';

function probe(overrides: Partial<SourceProbe> = {}): SourceProbe {
  return {
    demuxer: 'mov',
    durationSec: 60,
    width: 1920,
    height: 1080,
    rotation: 0,
    sar: 1,
    videoStreamIndex: 0,
    videoCodec: 'mpeg4',
    videoProfile: null,
    videoLevel: null,
    pixFmt: 'yuv420p',
    fps: 30,
    audioStreamIndex: 1,
    audioCodec: 'aac',
    audioProfile: 'LC',
    audioChannels: 2,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    bitRate: 8_000_000,
    keyframeIntervalSec: null,
    ...overrides,
  };
}

const remuxable = probe({
  videoCodec: 'h264',
  videoProfile: 'High',
  videoLevel: 31,
  width: 1280,
  height: 720,
  keyframeIntervalSec: 2,
});
const input = '/data/tmp/upload 1.mp4';

function args(p: SourceProbe, extra: { preset?: 'superfast'; progress?: boolean } = {}) {
  return buildTranscodeArgs({ input, probe: p, rungs: buildLadder(p), ...extra });
}

/** The value following each occurrence of a flag. */
function values(list: string[], flag: string): string[] {
  return list.flatMap((arg, i) => (arg === flag ? [list[i + 1]!] : []));
}

/**
 * The options of each output, in order: everything after the previous output's target (or after
 * -filter_complex's graph for the first) up to and including its own target.
 */
function outputs(list: string[]): string[][] {
  const start = list.includes('-filter_complex') ? list.indexOf('-filter_complex') + 2 : list.indexOf('-i') + 2;
  const result: string[][] = [];
  let from = start;
  list.forEach((arg, i) => {
    if (i >= start && arg.endsWith('.m3u8') && list[i - 1] !== '-hls_segment_filename') {
      result.push(list.slice(from, i + 1));
      from = i + 1;
    }
  });
  expect(from).toBe(list.length);
  return result;
}

describe('buildTranscodeArgs: one process, one decode', () => {
  const list = args(probe());

  it('reads the input once, as a file, and reports progress on stdout', () => {
    expect(list.slice(0, 5)).toEqual(['-hide_banner', '-nostdin', '-y', '-v', 'error']);
    expect(values(list, '-i')).toEqual([`file:${input}`]);
    expect(values(list, '-progress')).toEqual(['pipe:1']);
    expect(list).toContain('-nostats');
  });

  it('scales each rung from the one above it, in a single filter graph', () => {
    expect(values(list, '-filter_complex')).toEqual([
      [
        '[0:0]scale=1920:1080,format=yuv420p,setsar=1,split=2[v1080p][s1080p]',
        '[s1080p]scale=1280:720,format=yuv420p,setsar=1,split=2[v720p][s720p]',
        '[s720p]scale=854:480,format=yuv420p,setsar=1,split=2[v480p][s480p]',
        '[s480p]scale=640:360,format=yuv420p,setsar=1,split=2[v360p][s360p]',
        '[s360p]scale=426:240,format=yuv420p,setsar=1[v240p]',
      ].join(';'),
    ]);
  });

  it('writes every rung as one single-file fMP4 HLS output, the top rung as video.mp4 beside video.m3u8', () => {
    const outs = outputs(list);
    expect(outs).toHaveLength(5);
    expect(outs.map((o) => o.at(-1))).toEqual([
      'video.m3u8',
      '720p/index.m3u8',
      '480p/index.m3u8',
      '360p/index.m3u8',
      '240p/index.m3u8',
    ]);
    expect(outs.map((o) => values(o, '-hls_segment_filename')[0])).toEqual([
      'video.mp4',
      '720p/media.mp4',
      '480p/media.mp4',
      '360p/media.mp4',
      '240p/media.mp4',
    ]);
    for (const out of outs) {
      expect(values(out, '-f')).toEqual(['hls']);
      expect(values(out, '-hls_segment_type')).toEqual(['fmp4']);
      expect(values(out, '-hls_time')).toEqual(['4']);
      // No temp_file: with single_file ffmpeg would write <name>.tmp to the end and name it in the playlist.
      expect(values(out, '-hls_flags')).toEqual(['independent_segments+single_file']);
      expect(values(out, '-hls_playlist_type')).toEqual(['event']);
      expect(out).not.toContain('-hls_fmp4_init_filename');
      expect(out).not.toContain('tee');
    }
  });

  it('encodes every rung with x264 High, 2 s GOPs and no scene-cut keyframes', () => {
    const outs = outputs(list);
    expect(outs.map((o) => values(o, '-map')[0])).toEqual(['[v1080p]', '[v720p]', '[v480p]', '[v360p]', '[v240p]']);
    expect(outs.map((o) => values(o, '-level:v')[0])).toEqual(['4.0', '3.1', '3.1', '3.0', '2.1']);
    expect(outs.map((o) => values(o, '-maxrate')[0])).toEqual(['6000000', '3500000', '1750000', '1000000', '500000']);
    for (const out of outs) {
      expect(values(out, '-c:v')).toEqual(['libx264']);
      expect(values(out, '-preset')).toEqual(['veryfast']);
      expect(values(out, '-profile:v')).toEqual(['high']);
      expect(values(out, '-crf')).toEqual(['23']);
      expect(values(out, '-g')).toEqual(['60']);
      expect(values(out, '-keyint_min')).toEqual(['60']);
      expect(values(out, '-sc_threshold')).toEqual(['0']);
      expect(values(out, '-force_key_frames')).toEqual(['expr:gte(t,n_forced*2)']);
      expect(values(out, '-map_metadata')).toEqual(['-1']);
    }
  });

  it('encodes the audio per rung at 128k/96k/64k', () => {
    const outs = outputs(list);
    expect(outs.map((o) => values(o, '-map')[1])).toEqual(['0:1', '0:1', '0:1', '0:1', '0:1']);
    expect(outs.map((o) => values(o, '-c:a')[0])).toEqual(['aac', 'aac', 'aac', 'aac', 'aac']);
    expect(outs.map((o) => values(o, '-b:a')[0])).toEqual(['128000', '128000', '96000', '96000', '64000']);
    expect(list).not.toContain('-ac');
  });

  it('names only relative output paths (the command runs in the output folder)', () => {
    const targets = outputs(list).map((o) => o.at(-1)!);
    const segmentPaths = values(list, '-hls_segment_filename');
    for (const target of [...targets, ...segmentPaths]) expect(target).not.toMatch(/(^|[|\]=])\//);
  });
});

describe('buildTranscodeArgs: sources that need something else', () => {
  it('maps no audio and encodes none for a silent source', () => {
    const list = args(probe({ audioCodec: null, audioStreamIndex: null }));
    expect(list).not.toContain('-c:a');
    expect(values(list, '-map')).toEqual(['[v1080p]', '[v720p]', '[v480p]', '[v360p]', '[v240p]']);
  });

  it('copies the top rung of an H.264/AAC source and aligns the others to its keyframes', () => {
    const list = args(remuxable);
    const outs = outputs(list);
    expect(values(outs[0]!, '-map')).toEqual(['0:0', '0:1']);
    expect(values(outs[0]!, '-c:v')).toEqual(['copy']);
    expect(values(outs[0]!, '-c:a')).toEqual(['copy']);
    expect(outs[0]).not.toContain('-flags:v');
    expect(values(outs[0]!, '-hls_segment_filename')).toEqual(['video.mp4']);
    expect(values(list, '-filter_complex')[0]).toMatch(/^\[0:0\]scale=854:480,/);
    for (const out of outs.slice(1)) {
      expect(values(out, '-force_key_frames')).toEqual(['source']);
      expect(values(out, '-g')).toEqual(['240']);
      expect(out).not.toContain('-keyint_min');
    }
  });

  it('needs no filter graph when the only rung is a copy', () => {
    const small = probe({ ...remuxable, width: 426, height: 240, videoLevel: 21 });
    const list = args(small);
    expect(list).not.toContain('-filter_complex');
    expect(outputs(list)).toHaveLength(1);
  });

  it('uses the real video stream index (cover art first) and the audio stream index', () => {
    const list = args(probe({ videoStreamIndex: 2, audioStreamIndex: 0 }));
    expect(values(list, '-filter_complex')[0]).toMatch(/^\[0:2\]scale=/);
    expect(new Set(values(list, '-map').filter((m) => m.startsWith('0:')))).toEqual(new Set(['0:0']));
  });

  it('drops frames above 60 fps and folds surround audio to stereo', () => {
    const list = args(probe({ fps: 120, audioChannels: 6 }));
    expect(values(list, '-filter_complex')[0]).toMatch(/^\[0:0\]fps=60,scale=1920:1080/);
    expect(values(list, '-g')[0]).toBe('120');
    expect(values(list, '-ac')).toEqual(['2', '2', '2', '2', '2']);
  });

  it('takes a preset and can leave out progress reporting', () => {
    const list = args(probe(), { preset: 'superfast', progress: false });
    expect(new Set(values(list, '-preset'))).toEqual(new Set(['superfast']));
    expect(list).not.toContain('-progress');
  });

  it('refuses an empty ladder', () => {
    expect(() => buildTranscodeArgs({ input, probe: probe(), rungs: [] })).toThrow();
  });
});

describe('buildFilterGraph', () => {
  it('scales a portrait source to portrait rungs', () => {
    const p = probe({ width: 360, height: 640 });
    expect(buildFilterGraph(p, buildLadder(p))).toBe(
      '[0:0]scale=360:640,format=yuv420p,setsar=1,split=2[v360p][s360p];[s360p]scale=240:426,format=yuv420p,setsar=1[v240p]',
    );
  });
});

describe('output layout', () => {
  it('keeps the top rung at the top (its file is video.mp4) and each other rung in its own folder', () => {
    const ladder = [{ name: '1080p' }, { name: '720p' }];
    expect(rungPlaylistPath({ name: '720p' }, ladder)).toBe('720p/index.m3u8');
    expect(rungPlaylistPath({ name: '1080p' }, ladder)).toBe('video.m3u8');
    expect(rungFiles({ name: '720p' }, false)).toEqual({ playlist: '720p/index.m3u8', media: '720p/media.mp4' });
    expect(rungFiles({ name: '1080p' }, true)).toEqual({ playlist: 'video.m3u8', media: 'video.mp4' });
    expect(OUTPUT_FILES).toMatchObject({ master: 'master.m3u8', mp4: 'video.mp4' });
  });
});

describe('how an upload is opened: sniffed demuxer forced, file protocol only', () => {
  it('maps the sniffed video containers to their demuxers', () => {
    expect(demuxerForSniffedType('mp4')).toBe('mov');
    expect(demuxerForSniffedType('mov')).toBe('mov');
    expect(demuxerForSniffedType('3gp')).toBe('mov');
    expect(demuxerForSniffedType('webm')).toBe('matroska');
    expect(demuxerForSniffedType('mkv')).toBe('matroska');
    expect(demuxerForSniffedType('avi')).toBe('avi');
    expect(demuxerForSniffedType('mts')).toBe('mpegts');
    expect(demuxerForSniffedType('mpg')).toBe('mpeg');
    expect(demuxerForSniffedType('flv')).toBe('flv');
    expect(demuxerForSniffedType('ogv')).toBe('ogg');
    expect(demuxerForSniffedType('asf')).toBe('asf');
  });

  it('refuses everything else: unknown bytes, pictures, audio, documents, inherited keys', () => {
    for (const ext of [undefined, '', 'png', 'jpg', 'gif', 'webp', 'heic', 'avif', 'mp3', 'm4a', 'opus', 'pdf', 'zip', 'xml']) {
      expect(demuxerForSniffedType(ext), String(ext)).toBeNull();
    }
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(demuxerForSniffedType(key)).toBeNull();
  });

  it('never lists a demuxer that opens other files or guesses (playlists, concat, image sequences)', () => {
    const indirect = [
      'hls',
      'applehttp',
      'concat',
      'image2',
      'image2pipe',
      'dash',
      'mov_dref',
      'tee',
      'lavfi',
      'subfile',
      'data',
    ];
    for (const demuxer of Object.values(DEMUXER_BY_SNIFFED_TYPE)) expect(indirect).not.toContain(demuxer);
  });

  it('forces the demuxer and the file protocol before the input, which is always a file: URL', () => {
    expect(inputArgs('/tmp/up 1.upload', 'matroska')).toEqual([
      '-f',
      'matroska',
      '-protocol_whitelist',
      'file',
      '-i',
      'file:/tmp/up 1.upload',
    ]);
    // QuickTime/MP4 may name other files in `dref` boxes: never followed.
    expect(inputArgs('/a.mp4', 'mov')).toEqual([
      '-f',
      'mov',
      '-protocol_whitelist',
      'file',
      '-enable_drefs',
      '0',
      '-i',
      'file:/a.mp4',
    ]);
  });

  it('probe and transcode open the source the same way', () => {
    // From the forced format to the input itself.
    const opened = (list: string[]) => list.slice(list.indexOf('-protocol_whitelist') - 2, list.indexOf('-i') + 2);
    expect(opened(buildProbeArgs('/s', 'avi'))).toEqual(inputArgs('/s', 'avi'));
    const transcode = buildTranscodeArgs({ input: '/s', probe: probe({ demuxer: 'mpegts' }), rungs: buildLadder(probe()) });
    expect(opened(transcode)).toEqual(inputArgs('/s', 'mpegts'));
    for (const list of [buildProbeArgs('/s', 'avi'), transcode]) {
      expect(list.filter((arg) => arg === '-i')).toHaveLength(1);
    }
  });
});
