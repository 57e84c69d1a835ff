import type { Uploads } from '@streamhub/contract';
import type { Config } from '../../config.ts';
import type { Storage } from '../../storage/storage.ts';
import type { MediaTokens } from '../media/media-tokens.ts';
import type { VideosRepo } from './videos.repo.ts';

interface Deps {
  repo: VideosRepo;
  storage: Storage;
  config: Config;
  tokens: MediaTokens;
}

export function createVideosService({ repo, config, tokens }: Deps) {
  return {
    /**
     * The media gate: a public video's files are open; an exclusive video's files need a token
     * that the watch call issued to someone allowed to watch. `final` says the files no longer change.
     */
    async mediaAccess(videoId: string, token: string | null): Promise<{ allowed: boolean; final: boolean }> {
      const video = await repo.findAccessInfo(videoId);
      if (!video) return { allowed: false, final: false };
      const final = video.has_mp4;
      if (!video.is_exclusive) return { allowed: true, final };
      return { allowed: token !== null && tokens.verify(token, videoId), final };
    },

    /** `uploaded` is the number of the user's videos; the limit grows by 5 per bought pack. */
    async uploadQuota(userId: string): Promise<Uploads> {
      const [uploaded, extra] = await Promise.all([repo.countByOwner(userId), repo.extraUploads(userId)]);
      return { uploaded, uploadLimit: config.uploadLimitDefault + extra };
    },
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
