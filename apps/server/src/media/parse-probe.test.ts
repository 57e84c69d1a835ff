import { describe, expect, it } from 'vitest';
import { isImageFormat, needsDurationScan, parseKeyframeInterval, parseLastPacketEnd, parseProbe } from './parse-probe.ts';

const h264 = {
  index: 0,
  codec_type: 'video',
  codec_name: 'h264',
  profile: 'High',
  level: 40,
  width: 1920,
  height: 1080,
  pix_fmt: 'yuv420p',
  sample_aspect_ratio: '1:1',
  avg_frame_rate: '30000/1001',
  r_frame_rate: '30000/1001',
  duration: '60.060000',
  nb_frames: '1800',
  disposition: { attached_pic: 0, still_image: 0 },
};
const aac = { index: 1, codec_type: 'audio', codec_name: 'aac', profile: 'LC', channels: 2 };
const mp4Format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '60.062000', bit_rate: '5123456' };

describe('parseProbe', () => {
  it('reads an H.264/AAC MP4', () => {
    expect(parseProbe({ streams: [h264, aac], format: mp4Format })).toEqual({
      durationSec: 60.062,
      width: 1920,
      height: 1080,
      rotation: 0,
      sar: 1,
      videoStreamIndex: 0,
      videoCodec: 'h264',
      videoProfile: 'High',
      videoLevel: 40,
      pixFmt: 'yuv420p',
      fps: 29.97,
      audioStreamIndex: 1,
      audioCodec: 'aac',
      audioProfile: 'LC',
      audioChannels: 2,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      bitRate: 5123456,
    });
  });

  it('reports display size after rotation (phone portrait video)', () => {
    const rotated = { ...h264, side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] };
    expect(parseProbe({ streams: [rotated, aac], format: mp4Format })).toMatchObject({ width: 1080, height: 1920, rotation: 90 });
    const tagged = { ...h264, tags: { rotate: '270' } };
    expect(parseProbe({ streams: [tagged], format: mp4Format })).toMatchObject({ width: 1080, height: 1920, rotation: 270 });
    const upsideDown = { ...h264, side_data_list: [{ rotation: 180 }] };
    expect(parseProbe({ streams: [upsideDown], format: mp4Format })).toMatchObject({ width: 1920, height: 1080, rotation: 180 });
  });

  it('widens anamorphic pixels to the displayed width', () => {
    const dv = { ...h264, codec_name: 'mpeg2video', width: 720, height: 576, sample_aspect_ratio: '64:45' };
    expect(parseProbe({ streams: [dv], format: mp4Format })).toMatchObject({ width: 1024, height: 576, sar: 64 / 45 });
  });

  it('reads a video without audio', () => {
    expect(parseProbe({ streams: [h264], format: mp4Format })).toMatchObject({
      audioCodec: null,
      audioStreamIndex: null,
      audioChannels: null,
    });
  });

  it('skips cover art to find the real video stream', () => {
    const cover = { ...h264, index: 0, codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    const probe = parseProbe({ streams: [cover, { ...h264, index: 1 }, { ...aac, index: 2 }], format: mp4Format });
    expect(probe).toMatchObject({ videoStreamIndex: 1, videoCodec: 'h264', audioStreamIndex: 2 });
  });

  it('falls back to the stream duration and r_frame_rate', () => {
    const probe = parseProbe({
      streams: [{ ...h264, avg_frame_rate: '0/0', r_frame_rate: '25/1', duration: '12.5' }],
      format: { format_name: 'matroska,webm' },
    });
    expect(probe).toMatchObject({ durationSec: 12.5, fps: 25, bitRate: null });
  });

  it('treats an implausible frame rate (a time base) as unknown', () => {
    const probe = parseProbe({ streams: [{ ...h264, avg_frame_rate: '0/0', r_frame_rate: '1000/1' }], format: mp4Format });
    expect(probe?.fps).toBeNull();
  });

  it.each([
    ['a PNG', { streams: [{ ...h264, codec_name: 'png', nb_frames: undefined }], format: { format_name: 'png_pipe' } }],
    ['a JPEG', { streams: [{ ...h264, codec_name: 'mjpeg' }], format: { format_name: 'jpeg_pipe' } }],
    ['an image sequence', { streams: [{ ...h264, codec_name: 'png' }], format: { format_name: 'image2', duration: '0.04' } }],
    [
      'an animated GIF',
      { streams: [{ ...h264, codec_name: 'gif', nb_frames: '10' }], format: { format_name: 'gif', duration: '1.0' } },
    ],
    [
      'a one-frame video',
      { streams: [{ ...h264, nb_frames: '1', duration: '0.04' }], format: { ...mp4Format, duration: '0.04' } },
    ],
    [
      'audio with cover art',
      {
        streams: [
          { ...aac, index: 0, codec_name: 'mp3' },
          { ...h264, index: 1, codec_name: 'png', disposition: { attached_pic: 1 } },
        ],
        format: { format_name: 'mp3', duration: '2.0' },
      },
    ],
    ['audio only', { streams: [aac], format: mp4Format }],
    ['a still image stream', { streams: [{ ...h264, disposition: { still_image: 1 } }], format: mp4Format }],
    ['a stream without size', { streams: [{ ...h264, width: 0, height: 0 }], format: mp4Format }],
    ['a file without duration', { streams: [{ ...h264, duration: undefined }], format: { format_name: 'mpegts' } }],
    ['empty output', {}],
    ['not an object at all', null],
  ])('returns null for %s', (_name, json) => {
    expect(parseProbe(json)).toBeNull();
  });
});

describe('videos whose container states no duration (MediaRecorder WebM)', () => {
  const webm = {
    streams: [{ ...h264, codec_name: 'vp8', duration: undefined, nb_frames: undefined }],
    format: { format_name: 'matroska,webm' },
  };

  it('asks for a packet scan, and only for them', () => {
    expect(needsDurationScan(webm)).toBe(true);
    expect(needsDurationScan({ streams: [h264], format: mp4Format })).toBe(false);
    expect(needsDurationScan({ streams: [aac], format: { format_name: 'matroska,webm' } })).toBe(false);
    expect(needsDurationScan({ streams: [h264], format: { format_name: 'png_pipe' } })).toBe(false);
  });

  it('uses the scanned duration', () => {
    expect(parseProbe(webm)).toBeNull();
    expect(parseProbe(webm, 2.974)).toMatchObject({ durationSec: 2.974, videoCodec: 'vp8' });
    expect(parseProbe(webm, 0)).toBeNull();
  });

  it('finds the end of the last packet', () => {
    expect(parseLastPacketEnd('0.000000,0.033000\n2.940000,0.033000\n2.907000,N/A\n')).toBe(2.973);
    expect(parseLastPacketEnd('N/A,N/A\n')).toBeNull();
    expect(parseLastPacketEnd('')).toBeNull();
  });
});

describe('isImageFormat', () => {
  it('knows picture demuxers', () => {
    expect(isImageFormat('png_pipe')).toBe(true);
    expect(isImageFormat('webp_pipe')).toBe(true);
    expect(isImageFormat('image2')).toBe(true);
    expect(isImageFormat('gif')).toBe(true);
    expect(isImageFormat('mov,mp4,m4a,3gp,3g2,mj2')).toBe(false);
    expect(isImageFormat('matroska,webm')).toBe(false);
  });
});

describe('parseKeyframeInterval', () => {
  it('finds the longest distance between keyframes', () => {
    const csv = ['0.000000,K_', '1.000000,__', '2.000000,K_', '5.500000,K_', '6.000000,__', ''].join('\n');
    expect(parseKeyframeInterval(csv)).toBe(3.5);
  });

  it('counts the tail after the last keyframe', () => {
    expect(parseKeyframeInterval('0.0,K_\n1.0,__\n4.9,__\n')).toBe(4.9);
  });

  it('copes with B-frame reordering and N/A timestamps', () => {
    const csv = ['0.066667,K_', 'N/A,__', '0.200000,__', '0.133333,__', '2.066667,K_', '2.100000,__'].join('\n');
    expect(parseKeyframeInterval(csv)).toBe(2);
  });

  it('returns null without keyframes', () => {
    expect(parseKeyframeInterval('0.0,__\n1.0,__\n')).toBeNull();
    expect(parseKeyframeInterval('')).toBeNull();
  });
});
