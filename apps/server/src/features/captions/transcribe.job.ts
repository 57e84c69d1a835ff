import fs from 'node:fs/promises';
import path from 'node:path';
import { languageLabel } from '@streamhub/contract';
import type { JobHandlers } from '../../jobs/registry.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { cueText, toWebVtt } from './caption-file.ts';
import type { CaptionsRepo } from './captions.repo.ts';
import type { CaptionsService } from './captions.service.ts';
import type { TranscribeProvider } from './transcribe.ts';

interface Deps {
  provider: TranscribeProvider | null;
  repo: Pick<CaptionsRepo, 'find'>;
  captions: Pick<CaptionsService, 'storeTrack'>;
  storage: Storage;
  /** Where the audio of a video in a bucket is fetched to (DATA_DIR/work). */
  workRoot: string;
  nice: number;
  findVideo: (videoId: string) => Promise<{ media_key: string; has_mp4: boolean } | undefined>;
}

/** The label of an automatic track ("English (auto-generated)"), as players list it. */
export const autoLabel = (language: string) => `${languageLabel(language)} (auto-generated)`;

/**
 * `video.transcribe`: the finished video's MP4 through the provider, stored as an automatic
 * caption track in the provider's language, unless the owner's own track for that language is
 * there (before or by the time it is stored). Does nothing for a video gone or not finished, or
 * when nothing was heard. Repeats replace the automatic track with an equal one.
 */
export function createTranscribeHandler(deps: Deps): JobHandlers['video.transcribe'] {
  return async ({ videoId }, ctx) => {
    const { provider } = deps;
    if (!provider) return;
    const video = await deps.findVideo(videoId);
    if (!video?.has_mp4) return;
    const own = await deps.repo.find(videoId, provider.language);
    if (own && !own.auto) return;
    const key = `${video.media_key}/video.mp4`;
    const workDir = path.join(deps.workRoot, `${videoId}.transcribe`);
    await fs.mkdir(workDir, { recursive: true });
    try {
      let file = deps.storage.localPath(key);
      if (!file) {
        file = path.join(workDir, 'video.mp4');
        await deps.storage.download(key, file);
      }
      const cues = await provider.transcribe({ file, workDir, signal: ctx.signal, nice: deps.nice });
      if (cues.length === 0) return;
      const track = {
        language: provider.language,
        label: autoLabel(provider.language),
        auto: true,
        vtt: toWebVtt(cues),
        text: cueText(cues),
      };
      // Deleted meanwhile: nothing to caption.
      await deps.captions.storeTrack(videoId, track).catch((err: unknown) => {
        if (!(err instanceof NotFound)) throw err;
      });
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  };
}
