/** The live feature's query keys (its calls only). */
export const liveKeys = {
  all: ['live'] as const,
  /** GET /api/live/:videoId */
  info: (videoId: string) => [...liveKeys.all, 'info', videoId] as const,
};
