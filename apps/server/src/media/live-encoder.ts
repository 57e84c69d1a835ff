import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { ffmpegPath } from './binaries.ts';
import type { X264Preset } from './ffmpeg-args.ts';
import { buildLiveArgs, buildLiveLadder, type LiveSource } from './live-args.ts';
import { flvHeader, type IngestSink, type IngestTag } from './live-rtmp-server.ts';
import type { Rung } from './ladder.ts';
import { runProcess } from './run-process.ts';

/** Tags held while the encoder starts. */
const MAX_HELD_TAGS = 2000;
/** Bytes the encoder may fall behind by (its stdin's queue) before the publish is cut. */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;

export interface LiveEncoderOptions {
  /** The live's work folder (cwd of ffmpeg; rungs' folders are made inside). */
  workDir: string;
  /** Which publish of the live this is (1, 2, …: a reconnect is the next). */
  publish: number;
  /** Where this publish's stream is recorded as it arrives (FLV), for the replay. */
  recordingPath: string;
  preset: X264Preset;
  /** Once ffmpeg runs: the ladder it encodes (the master playlist can be written). */
  onStart(rungs: Rung[], source: LiveSource): void;
  /** Cut the publish (the encoder fell too far behind, or failed). */
  onFailure(reason: string): void;
}

export interface LiveEncoder extends IngestSink {
  /** Resolves after `end`, once ffmpeg has exited and the recording is flushed. */
  finished: Promise<void>;
  /** ffmpeg's pid and last reported speed (1.0 = real time), for the bench and logs. */
  stats(): { pid: number | null; speed: number | null };
}

/**
 * One publish of a live: every FLV tag is appended to the recording at once (a killed server
 * keeps what arrived), and, from the first keyframe on, piped into one ffmpeg that encodes the
 * live ladder (live-args.ts). The ladder follows the stream's own size from its metadata or its
 * H.264 configuration. No `-re`: the stream arrives in real time, and ffmpeg reads it as it comes.
 */
export function createLiveEncoder(options: LiveEncoderOptions): LiveEncoder {
  const recording = createWriteStream(options.recordingPath, { flags: 'w' });
  recording.on('error', () => {});
  recording.write(flvHeader());
  const known: Partial<LiveSource> = {};
  let sawAudioConfig = false;
  const held: IngestTag[] = [];
  let stdin: Writable | null = null;
  let started = false;
  let ended = false;
  let pid: number | null = null;
  let speed: number | null = null;
  let encoding: Promise<unknown> = Promise.resolve();
  let finish: () => void = () => {};

  function start() {
    started = true;
    const source: LiveSource = {
      width: known.width ?? 1280,
      height: known.height ?? 720,
      fps: known.fps ?? null,
      hasAudio: known.hasAudio ?? sawAudioConfig,
      audioChannels: known.audioChannels ?? null,
    };
    const rungs = buildLiveLadder(source);
    const args = buildLiveArgs({ source, rungs, publish: options.publish, preset: options.preset });
    encoding = Promise.all(rungs.map((rung) => fs.mkdir(path.join(options.workDir, rung.name), { recursive: true })))
      .then(() =>
        runProcess(ffmpegPath(), args, {
          cwd: options.workDir,
          // Real time first: a live that falls behind is late for every viewer.
          nice: 0,
          onSpawn: (id) => (pid = id),
          onStdout: (text) => {
            const m = /speed=\s*([\d.]+)x/.exec(text);
            if (m) speed = Number(m[1]);
          },
          onStdin: (input) => {
            stdin = input;
            input.on('error', () => {});
            input.write(flvHeader());
            for (const tag of held.splice(0)) input.write(tag.tag);
            if (ended) input.end();
          },
        }),
      )
      .then((result) => {
        if (result.exitCode !== 0 && !ended)
          options.onFailure(`the live encoder stopped: ${result.stderrTail.slice(-3).join(' / ')}`);
      })
      .catch((err: unknown) => options.onFailure(`the live encoder could not run: ${String(err)}`));
    options.onStart(rungs, source);
  }

  return {
    write(tag) {
      if (ended) return;
      recording.write(tag.tag);
      if (tag.info) Object.assign(known, tag.info);
      if (tag.kind === 'audio-config') sawAudioConfig = true;
      if (stdin) {
        stdin.write(tag.tag);
        if (stdin.writableLength > MAX_BACKLOG_BYTES) options.onFailure('the live encoder fell behind the stream');
        return;
      }
      if (started) {
        // ffmpeg is starting: everything from the first keyframe on goes to it in order.
        if (held.length < MAX_HELD_TAGS) held.push(tag);
        else options.onFailure('the live encoder did not start');
        return;
      }
      // Before the first keyframe only the configuration matters: frames before it cannot be decoded.
      if (tag.kind === 'metadata' || tag.kind === 'audio-config' || tag.kind === 'video-config') held.push(tag);
      else if (tag.kind === 'keyframe') {
        held.push(tag);
        start();
      }
    },
    end() {
      if (ended) return;
      ended = true;
      stdin?.end();
      finish();
    },
    finished: new Promise<void>((resolve) => (finish = resolve)).then(async () => {
      await encoding;
      await new Promise<void>((resolve) => recording.end(resolve));
    }),
    stats: () => ({ pid, speed }),
  };
}
