import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Stream keys (docs/live.md): `<videoId>_<256 random bits, base64url>`. The video id in front
// finds the live without searching by secret; only the key's sha256 is stored, and a presented
// key is compared with it in constant time. RTMP stream names allow [A-Za-z0-9_-], which this is.

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** A new key for a live, and the hash to store. */
export function newStreamKey(videoId: string): { key: string; hash: Buffer } {
  const key = `${videoId}_${randomBytes(32).toString('base64url')}`;
  return { key, hash: sha256(key) };
}

/** The live a presented key names, or null when it is not shaped like a key. */
export function videoIdOfKey(key: string): string | null {
  const id = key.slice(0, 36);
  return key[36] === '_' && ID.test(id) && key.length <= 120 ? id : null;
}

/** Whether `key` is the one whose hash is stored, in constant time. */
export function keyMatches(key: string, hash: Buffer | null): boolean {
  if (!hash || hash.length !== 32) return false;
  return timingSafeEqual(sha256(key), hash);
}

/** An encoder's "Server" field, which takes the stream key beside it: `rtmp://<host>:<port>/live` (API.md §22). */
export function serverUrl(host: string, port: number): string {
  return `rtmp://${host}:${port}/live`;
}

/** Where a publisher such as ffmpeg sends a key in one URL: `rtmp://<host>:<port>/live/<key>` (API.md §17). */
export function ingestUrl(host: string, port: number, key: string): string {
  return `${serverUrl(host, port)}/${key}`;
}
