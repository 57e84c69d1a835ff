/** Query keys of the purchases feature. */
export const purchaseKeys = {
  all: ['purchases'] as const,
  history: () => [...purchaseKeys.all, 'history'] as const,
  info: (videoId: string) => [...purchaseKeys.all, 'info', videoId] as const,
  earnings: () => [...purchaseKeys.all, 'earnings'] as const,
  payouts: () => [...purchaseKeys.all, 'payouts'] as const,
  members: () => [...purchaseKeys.all, 'members'] as const,
};
