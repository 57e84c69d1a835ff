/** Query keys of the reports feature (a reporter's own reports). */
export const reportKeys = {
  all: ['reports'] as const,
  /** GET /api/reports/mine */
  mine: () => [...reportKeys.all, 'mine'] as const,
};
