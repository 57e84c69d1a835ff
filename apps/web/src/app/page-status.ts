/**
 * The HTTP status a server-rendered page answers with when its subject (the video of a watch
 * page, a channel, a post, a playlist) could not be loaded, from the error its call got: the
 * API's own 410 for a removed one (its message says why), 404 for a missing one and for a
 * malformed id (the API's 400). Null otherwise (a refusal such as "buy first" is a page to show,
 * answered 200). Pure, so it is tested alone.
 */
export function subjectStatus(error: { status?: number } | null | undefined): 404 | 410 | null {
  if (error?.status === 410) return 410;
  if (error?.status === 404 || error?.status === 400) return 404;
  return null;
}
