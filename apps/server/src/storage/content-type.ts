const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

/** The Content-Type of a stored file, by the extension our own code gave its key. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}
