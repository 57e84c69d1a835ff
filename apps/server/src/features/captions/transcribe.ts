import path from 'node:path';
import { ffmpegPath } from '../../media/binaries.ts';
import { runProcess } from '../../media/run-process.ts';
import { MAX_CUES, type Cue } from './caption-file.ts';

/**
 * Automatic captions (docs/captions.md, "Automatic captions"): a provider turns a video's audio
 * into cues in its one language. `TRANSCRIBE_PROVIDER` picks one: `none` (no job is enqueued),
 * `test` (a cue wherever the audio track is not silent: known audio in, known cues out, for the
 * tests and for trying the pipeline) or `pocketsphinx` (CMU PocketSphinx with Debian's en-US
 * model, `apt-get install pocketsphinx pocketsphinx-en-us`: speech recognition on the CPU, no
 * download at run time; its evaluation is in docs/decisions.md).
 */
export interface TranscribeProvider {
  readonly name: 'test' | 'pocketsphinx';
  /** The BCP 47 tag of the captions it makes. */
  readonly language: string;
  /** Cues of the media file's audio; none when nothing was heard. */
  transcribe(input: { file: string; workDir: string; signal: AbortSignal; nice: number }): Promise<Cue[]>;
}

export type TranscribeProviderName = 'none' | TranscribeProvider['name'];

export function createTranscribeProvider(name: TranscribeProviderName): TranscribeProvider | null {
  if (name === 'test') return toneProvider;
  if (name === 'pocketsphinx') return pocketsphinxProvider;
  return null;
}

/** Quieter than this (dBFS) for at least `SILENCE_SECONDS` is silence. */
const SILENCE_DB = -30;
const SILENCE_SECONDS = 0.3;

/** The `test` engine's cue text. */
export const TONE_TEXT = '[tone]';

/**
 * The non-silent stretches of ffmpeg's `silencedetect` log (`silence_start: 1.5`, `silence_end:
 * 2.5 | …`) over `durationSec` of audio, as [start, end] seconds.
 */
export function soundStretches(log: readonly string[], durationSec: number): [number, number][] {
  const stretches: [number, number][] = [];
  let soundFrom: number | null = 0;
  for (const line of log) {
    const start = /silence_start: (-?[\d.]+)/.exec(line);
    const end = /silence_end: (-?[\d.]+)/.exec(line);
    if (start && soundFrom !== null) {
      const at = Math.max(0, Number(start[1]));
      if (at > soundFrom) stretches.push([soundFrom, at]);
      soundFrom = null;
    } else if (end) {
      soundFrom = Number(end[1]);
    }
  }
  if (soundFrom !== null && durationSec > soundFrom) stretches.push([soundFrom, durationSec]);
  return stretches.filter(([a, b]) => b - a >= 0.05);
}

const toneProvider: TranscribeProvider = {
  name: 'test',
  language: 'en',
  async transcribe({ file, signal, nice }) {
    const args = ['-hide_banner', '-nostats', '-v', 'info', '-i', file, '-vn', '-af'];
    args.push(`silencedetect=noise=${SILENCE_DB}dB:d=${SILENCE_SECONDS}`, '-f', 'null', '-');
    const result = await runProcess(ffmpegPath(), args, { signal, nice, stderrLines: MAX_CUES * 2 + 100 });
    if (result.exitCode !== 0) throw new Error(`ffmpeg could not read the audio: ${result.stderrTail.slice(-3).join(' ')}`);
    const duration = durationOf(result.stderrTail);
    return soundStretches(result.stderrTail, duration)
      .slice(0, MAX_CUES)
      .map(([start, end]) => ({
        startMs: Math.round(start * 1000),
        endMs: Math.round(end * 1000),
        settings: '',
        lines: [TONE_TEXT],
      }));
  },
};

/** The input's duration from ffmpeg's own banner (`Duration: 00:00:06.02`), 0 when absent. */
function durationOf(log: readonly string[]): number {
  for (const line of log) {
    const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(line);
    if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  }
  return 0;
}

/** A word as pocketsphinx_continuous `-time yes` prints it: `word start end confidence`. */
export type TimedWord = { word: string; start: number; end: number };

/** The longest a recognised cue runs, and the most words it holds. */
const CUE_MAX_SECONDS = 4;
const CUE_MAX_WORDS = 10;

/** pocketsphinx's `-time yes` lines → words (fillers such as `<s>`, `<sil>`, `[NOISE]` out; `and(2)` → `and`). */
export function parseTimedWords(stdout: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) [\d.]+$/.exec(line.trim());
    if (!m || /^[<[]/.test(m[1]!)) continue;
    words.push({ word: m[1]!.replace(/\(\d+\)$/, ''), start: Number(m[2]), end: Number(m[3]) });
  }
  return words;
}

/** Words → cues of a few seconds each, a new cue after a pause of half a second. */
export function wordsToCues(words: readonly TimedWord[]): Cue[] {
  const cues: Cue[] = [];
  let group: TimedWord[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const line = group.map((w) => w.word).join(' ');
    cues.push({
      startMs: Math.round(group[0]!.start * 1000),
      endMs: Math.round(group.at(-1)!.end * 1000),
      settings: '',
      lines: [line],
    });
    group = [];
  };
  for (const word of words) {
    const first = group[0];
    const last = group.at(-1);
    if (
      first &&
      last &&
      (word.start - last.end > 0.5 || word.end - first.start > CUE_MAX_SECONDS || group.length >= CUE_MAX_WORDS)
    ) {
      flush();
    }
    group.push(word);
  }
  flush();
  return cues.slice(0, MAX_CUES);
}

const pocketsphinxProvider: TranscribeProvider = {
  name: 'pocketsphinx',
  language: 'en',
  async transcribe({ file, workDir, signal, nice }) {
    // The model wants 16 kHz mono 16-bit PCM.
    const wav = path.join(workDir, 'audio-16k.wav');
    const decode = await runProcess(
      ffmpegPath(),
      ['-v', 'error', '-y', '-i', file, '-vn', '-ac', '1', '-ar', '16000', '-f', 'wav', wav],
      {
        signal,
        nice,
      },
    );
    if (decode.exitCode !== 0) throw new Error(`ffmpeg could not read the audio: ${decode.stderrTail.slice(-3).join(' ')}`);
    const result = await runProcess('pocketsphinx_continuous', ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'], {
      signal,
      nice,
    });
    if (result.exitCode !== 0) throw new Error(`pocketsphinx failed: ${result.stderrTail.slice(-3).join(' ')}`);
    return wordsToCues(parseTimedWords(result.stdout));
  },
};
