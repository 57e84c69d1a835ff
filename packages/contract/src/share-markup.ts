/**
 * The links and markup of sharing (API.md §15) that the server and the web app's Share dialog both
 * write: a `?t=` start time, escaped text, the embed iframe. Schema-free, so the browser loads no
 * zod for it (limits.ts).
 */

/** The longest start time a link may carry (a day), so a typo cannot ask for a huge seek. */
export const MAX_START_SECONDS = 24 * 60 * 60;

/**
 * A `?t=` start time in whole seconds (`?t=83`; `83s` is read too, as links elsewhere write it),
 * or 0 when absent or unreadable: a shared link with a broken time still opens the video.
 */
export function startSeconds(value: string | null | undefined): number {
  const match = /^(\d{1,6})s?$/.exec(value?.trim() ?? '');
  return match ? Math.min(Number(match[1]), MAX_START_SECONDS) : 0;
}

/**
 * Text put into HTML or XML by hand (the embed page, the oEmbed iframe, the sitemap): the five
 * characters that could end a text or an attribute are escaped, and control characters are
 * dropped (XML 1.0 forbids most of them, and none means anything on a page). Titles are users'
 * text: a `<script>` in one stays text.
 */
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeMarkup(text: string): string {
  return text.replace(CONTROL, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The player size an oEmbed answer offers when the consumer names no limit (16:9). */
export const DEFAULT_PLAYER = { width: 640, height: 360 } as const;

/** The iframe an oEmbed consumer (or the Share dialog's embed code) puts in its page. */
export function embedIframe(src: string, size: { width: number; height: number }, title: string): string {
  return (
    `<iframe src="${escapeMarkup(src)}" width="${size.width}" height="${size.height}" title="${escapeMarkup(title)}" ` +
    'frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>'
  );
}
