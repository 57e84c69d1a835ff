/**
 * The document event main.tsx sends once React has taken the server's page over; the page's first
 * script (hold-early.ts) then replays what the visitor did before.
 */
export const TAKEN_OVER = 'streamhub:taken-over';
