/** Query keys of the recommendations feature, used by its own calls only. */
export const recommendationKeys = {
  all: ['recommendations'] as const,
  forYou: (page: number) => [...recommendationKeys.all, 'for-you', page] as const,
  trending: (page: number) => [...recommendationKeys.all, 'trending', page] as const,
  upNext: (videoId: string) => [...recommendationKeys.all, 'up-next', videoId] as const,
};
