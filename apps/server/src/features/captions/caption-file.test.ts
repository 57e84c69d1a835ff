import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { buildSubtitlePlaylist, withSubtitles } from '../../media/hls-playlist.ts';
import { MAX_CUES, parseTimestamp, readCaptionFile, sanitiseCueLine } from './caption-file.ts';
import { parseTimedWords, soundStretches, wordsToCues } from './transcribe.ts';

const read = (text: string | Buffer) => readCaptionFile(typeof text === 'string' ? Buffer.from(text) : text);

/** The status and message a refused file gets. */
function refusal(text: string | Buffer): { status: number; message: string } {
  try {
    read(text);
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('SRT → WebVTT', () => {
  it('converts cue numbers, comma timings and CRLF line ends into our WebVTT', () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello there\r\n\r\n2\r\n00:01:02,003 --> 01:00:00,000\r\nTwo\r\nlines\r\n';
    const out = read(srt);
    expect(out.format).toBe('srt');
    expect(out.vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello there\n\n00:01:02.003 --> 01:00:00.000\nTwo\nlines\n');
    expect(out.text).toBe('Hello there\nTwo lines');
  });

  it('recognises the format by content: an SRT with a BOM, a WebVTT whatever it is named', () => {
    expect(read('\uFEFF1\n00:00:00,000 --> 00:00:01,000\nA\n').format).toBe('srt');
    expect(read('WEBVTT - a title\n\n00:01.000 --> 00:02.000\nB\n').format).toBe('webvtt');
    expect(refusal('Just some prose.\nNothing timed here.\n')).toEqual({
      status: 415,
      message: 'Caption file must be WebVTT or SRT text',
    });
  });

  it('keeps WebVTT short timings and its own cue settings, drops identifiers, notes, styles and unknown settings', () => {
    const vtt = [
      'WEBVTT',
      'Kind: captions',
      '',
      'STYLE',
      '::cue { background: url(https://evil.example/x) }',
      '',
      'NOTE a comment',
      '',
      'intro',
      '00:01.000 --> 00:02.000 align:start line:90% onclick:alert(1)',
      'Hi',
      '',
    ].join('\n');
    expect(read(vtt).vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:start line:90%\nHi\n');
  });
});

describe('hostile caption files', () => {
  it('strips every tag from cue text and escapes what could still be markup or a timing line', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:02,000',
      '<script>alert(1)</script><b onclick="x()">Bold</b> <font color="red">red</font> <img src=x onerror=alert(1)>',
      'a < b --> c & <c.loud>shout</c>',
      '',
    ].join('\n');
    const { vtt, text } = read(srt);
    expect(vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nalert(1)Bold red\na &lt; b --&gt; c & shout\n');
    expect(vtt).not.toMatch(/<|onclick|onerror/);
    expect(text).toBe('alert(1)Bold red a < b --> c & shout');
    expect(sanitiseCueLine('<i>open only')).toBe('open only');
  });

  it('leaves out a cue whose text was all markup', () => {
    expect(read('WEBVTT\n\n00:01.000 --> 00:02.000\n<b></b>\n\n00:03.000 --> 00:04.000\nKept\n').vtt).toBe(
      'WEBVTT\n\n00:00:03.000 --> 00:00:04.000\nKept\n',
    );
  });

  it('refuses binary content, NUL and invalid UTF-8 (415)', () => {
    const message = 'Caption file must be UTF-8 text without binary content';
    expect(refusal('WEBVTT\n\n00:01.000 --> 00:02.000\nnul\u0000here\n')).toEqual({ status: 415, message });
    expect(refusal(Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe, 0x00, 0x01]))).toEqual({
      status: 415,
      message,
    });
    expect(refusal(Buffer.concat([Buffer.from('1\n00:00:00,000 --> 00:00:01,000\n'), Buffer.from([0xc3, 0x28])]))).toEqual({
      status: 415,
      message,
    });
    // A PNG's first bytes.
    expect(refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ status: 415, message });
  });

  it('refuses garbage timings with the cue they are in (400), and cues ending before they start', () => {
    expect(refusal('WEBVTT\n\n00:01.000 --> 00:02.000\nfine\n\n00:99.000 --> 00:02.000\nbad\n')).toEqual({
      status: 400,
      message: 'Cue 2: "00:99.000 --> 00:02.000" is not a valid timing (start --> end)',
    });
    expect(refusal('1\n00:00:05,000 --> 00:00:01,000\nbackwards\n').status).toBe(400);
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\nno timing here\n').status).toBe(400);
    expect(refusal('WEBVTT\n\nNaN --> Infinity\nx\n').status).toBe(400);
    expect(parseTimestamp('1000:00:00.000', 'webvtt')).toBeNull();
    expect(parseTimestamp('99:59:59.999', 'webvtt')).toBe(359_999_999);
  });

  it('refuses a file without cues, and one with more than MAX_CUES', () => {
    expect(refusal('WEBVTT\n')).toEqual({ status: 400, message: 'Caption file has no cues' });
    const many = Array.from({ length: MAX_CUES + 1 }, (_, i) => `${i + 1}\n00:00:00,000 --> 00:00:01,000\nx\n`).join('\n');
    expect(refusal(many)).toEqual({ status: 400, message: `Caption file has more than ${MAX_CUES} cues` });
  });
});

describe('the SUBTITLES group', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-STREAM-INF:BANDWIDTH=100,RESOLUTION=320x180,CODECS="avc1.42c01e,mp4a.40.2"',
    '180p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=200,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
    'video.m3u8',
    '',
  ].join('\n');

  it('names every track before the variants and gives every variant the group', () => {
    const out = withSubtitles(master, [
      { language: 'en', label: 'English', uri: 'captions/en-a1.m3u8' },
      { language: 'pt-BR', label: 'Portuguese "BR"', uri: 'captions/pt-BR-b2.m3u8' },
    ]);
    expect(out.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/en-a1.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Portuguese BR",LANGUAGE="pt-BR",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/pt-BR-b2.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=100,RESOLUTION=320x180,CODECS="avc1.42c01e,mp4a.40.2",SUBTITLES="subs"',
      '180p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=200,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"',
      'video.m3u8',
      '',
    ]);
    // Applied again (a later change), the group is replaced, never doubled; no tracks: the plain master.
    expect(
      withSubtitles(out, [{ language: 'en', label: 'English', uri: 'captions/en-a1.m3u8' }]).match(/SUBTITLES="subs"/g),
    ).toHaveLength(2);
    expect(withSubtitles(out, [])).toBe(master);
  });

  it('a subtitle playlist is one WebVTT segment covering the whole duration', () => {
    expect(buildSubtitlePlaylist(12.34, 'en-a1.vtt')).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:13\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:12.340,\nen-a1.vtt\n#EXT-X-ENDLIST\n',
    );
  });
});

describe('transcription output', () => {
  it('the test engine: sound between silences, from silencedetect’s log', () => {
    const log = [
      '[silencedetect @ 0x1] silence_start: 1.00002',
      '[silencedetect @ 0x1] silence_end: 2.00104 | silence_duration: 1.001',
      '[silencedetect @ 0x1] silence_start: 3',
    ];
    expect(soundStretches(log, 4)).toEqual([
      [0, 1.00002],
      [2.00104, 3],
    ]);
    expect(soundStretches(['[silencedetect @ 0x1] silence_start: 0'], 4)).toEqual([]);
    expect(soundStretches([], 2)).toEqual([[0, 2]]);
  });

  it('pocketsphinx: timed words without fillers, grouped into cues at pauses', () => {
    const out = [
      '<s> 0.000 0.210 0.999',
      'hello 0.220 0.600 0.9',
      '<sil> 0.610 1.400 0.9',
      'and(2) 1.410 1.600 0.5',
      'bye 1.610 2.000 0.8',
    ];
    const words = parseTimedWords(`the transcript line\n${out.join('\n')}\n`);
    expect(words.map((w) => w.word)).toEqual(['hello', 'and', 'bye']);
    expect(wordsToCues(words)).toEqual([
      { startMs: 220, endMs: 600, settings: '', lines: ['hello'] },
      { startMs: 1410, endMs: 2000, settings: '', lines: ['and bye'] },
    ]);
  });
});
