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
