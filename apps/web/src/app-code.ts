/**
 * Where a page names the app's code (read by the page's first script, load-app-code.ts): the build
 * writes the entry (main.tsx's chunk) into index.html, the server's render the chunks of the
 * page's routes (entry-server.tsx). Neither is asked for by the HTML itself.
 */
export const ENTRY_META = 'streamhub-entry';
export const CHUNKS_META = 'streamhub-chunks';
