import { escapeMarkup as e } from '@streamhub/contract';

/** What an embed shows: the player of an open video, or a card that only links to the watch page. */
export type EmbedView =
  | {
      kind: 'player';
      title: string;
      /** The progressive file (plays in a plain <video> with no script) and the poster. */
      videoFile: string;
      poster: string | null;
      startAt: number;
      autoplay: boolean;
    }
  | {
      kind: 'card';
      /** Null when the video is nobody's to see (unknown, removed, processing). */
      title: string | null;
      thumbnail: string | null;
      message: string;
    };

/** The page's look: the frame's whole box, dark, no script (none is needed to play or to follow a link). */
const STYLE = `html,body{margin:0;height:100%;background:#000;color:#fff;font:14px/1.4 system-ui,sans-serif;overflow:hidden}
a{color:#fff}
video{display:block;width:100%;height:100%;object-fit:contain;background:#000}
.bar{position:absolute;top:0;left:0;right:0;display:flex;justify-content:space-between;gap:12px;padding:8px 12px;background:linear-gradient(#000c,#0000)}
.bar a{text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.bar h1{margin:0;min-width:0;font-size:inherit;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.bar .site{flex-shrink:0;opacity:.85}
.card{position:relative;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;height:100%;padding:16px;box-sizing:border-box;text-align:center}
.card img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.35}
.card *{position:relative}
.card h1{margin:0;font-size:16px}
.card p{margin:0}
.card .site{display:inline-block;margin-top:4px;padding:8px 14px;border-radius:999px;background:#fff;color:#000;font-weight:600;text-decoration:none}`;

/**
 * The HTML of `/embed/:videoId` (API.md §15): a page any site may frame. A player is a plain
 * `<video>` on the progressive file (`#t=` starts it where the link says; autoplay only muted,
 * as browsers allow), with the title and "Watch on <instance>" linking to the watch page in a new
 * tab. A card names no media at all: nothing on it can fetch a byte of the video.
 */
export function renderEmbedPage(view: EmbedView, links: { watchUrl: string; instanceName: string }): string {
  const site = `Watch on ${links.instanceName}`;
  const open = (cls: string, text: string) =>
    `<a class="${cls}" href="${e(links.watchUrl)}" target="_blank" rel="noopener">${e(text)}</a>`;
  const title = view.title ?? links.instanceName;
  let body: string;
  if (view.kind === 'player') {
    const src = view.startAt > 0 ? `${view.videoFile}#t=${view.startAt}` : view.videoFile;
    const poster = view.poster ? ` poster="${e(view.poster)}"` : '';
    const autoplay = view.autoplay ? ' autoplay muted' : '';
    body =
      `<main>\n<video controls playsinline preload="metadata"${autoplay}${poster} src="${e(src)}" aria-label="${e(view.title)}"></video>\n` +
      `<div class="bar"><h1>${open('title', view.title)}</h1>${open('site', site)}</div>\n</main>`;
  } else {
    const image = view.thumbnail ? `<img src="${e(view.thumbnail)}" alt="">` : '';
    // The title is the page's heading; without one (nothing to show) the message is.
    const text = view.title === null ? `<h1>${e(view.message)}</h1>` : `<h1>${e(view.title)}</h1><p>${e(view.message)}</p>`;
    body = `<main class="card">${image}${text}${open('site', site)}</main>`;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<link rel="canonical" href="${e(links.watchUrl)}">
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
