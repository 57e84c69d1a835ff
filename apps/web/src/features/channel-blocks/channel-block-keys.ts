/** Query keys of a creator's own comment settings (API.md §12, docs/api.md `/api/channel`). */
export const channelBlockKeys = {
  all: ['channel-blocks'] as const,
  /** GET /api/channel/blocks */
  blocks: () => [...channelBlockKeys.all, 'blocks'] as const,
  /** GET /api/channel/blocked-words */
  words: () => [...channelBlockKeys.all, 'words'] as const,
  /** GET /api/channel/held-comments */
  held: () => [...channelBlockKeys.all, 'held'] as const,
};
