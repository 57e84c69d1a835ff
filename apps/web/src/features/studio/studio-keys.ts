/** Query keys of the studio feature, used by its own calls only. */
export const studioKeys = {
  all: ['studio'] as const,
  analytics: (videoId: string | undefined, from: string, to: string) =>
    [...studioKeys.all, 'analytics', videoId ?? 'channel', from, to] as const,
};
