/**
 * What index.html shows before the app's JavaScript has run, above its loading screen: the page's
 * largest image where the page will show it, so the first paint is also the largest. The server
 * writes it into the HTML it sends (apps/server, plugins/web-app.ts); on a watch page whose HTML
 * has none, the web app's warm start paints the poster itself once the watch call answers. React
 * replaces it when it renders. The classes are the app's own (the shell's top bar and side bar, the
 * watch page's columns, the video grid; apps/web's index.css generates them from this file too):
 * change them together.
 */

/**
 * The home grid's cards on a phone's and a desktop's first screen: the server paints and preloads
 * their thumbnails, and the grid loads those eagerly, first.
 */
export const FIRST_SCREEN_CARDS = 4;

const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shell around a page: the top bar's height and the side bar's width as empty boxes, the main area's padding. */
const inShell = (content: string) =>
  '<div class="h-14"></div><div class="flex"><div class="hidden w-64 shrink-0 lg:block"></div>' +
  `<div class="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">${content}</div></div>`;

/** A watch page's poster where the player will be (its columns as the watch page lays them out). */
export function posterFrameHtml(src: string): string {
  return (
    '<div aria-hidden="true" data-poster>' +
    inShell(
      '<div class="mx-auto flex w-full max-w-[1600px] flex-col gap-6 xl:flex-row"><div class="min-w-0 flex-1">' +
        `<img alt="" src="${attribute(src)}" fetchpriority="high" decoding="sync" class="block aspect-video w-full rounded-xl bg-black object-cover">` +
        '</div><div class="w-full shrink-0 xl:w-80 2xl:w-96"></div></div>',
    ) +
    '</div>'
  );
}

/** The home grid's first thumbnails where the grid will be, below the space of the page's heading. */
export function firstCardsHtml(srcs: string[]): string {
  // Each above the height of a card's text (avatar, title, channel, views), so the next row sits where the grid's will.
  const cards = srcs
    .map(
      (src) =>
        `<div><img alt="" src="${attribute(src)}" fetchpriority="high" decoding="sync" class="aspect-video w-full rounded-xl bg-raised object-cover">` +
        '<div style="height:5rem"></div></div>',
    )
    .join('');
  return (
    '<div aria-hidden="true" data-first-cards>' +
    inShell(
      '<div style="height:3rem"></div>' +
        `<div class="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">${cards}</div>`,
    ) +
    '</div>'
  );
}
