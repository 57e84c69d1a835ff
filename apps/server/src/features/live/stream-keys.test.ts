import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { ingestUrl, keyMatches, newStreamKey, serverUrl, videoIdOfKey } from './stream-keys.ts';

describe('stream keys', () => {
  it('name their live, hold 256 random bits, and only their sha256 is kept', () => {
    const id = newId();
    const a = newStreamKey(id);
    const b = newStreamKey(id);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(new RegExp(`^${id}_[A-Za-z0-9_-]{43}$`));
    expect(videoIdOfKey(a.key)).toBe(id);
    expect(a.hash).toHaveLength(32);
    expect(a.hash.toString('hex')).not.toContain(a.key);
  });

  it('match only themselves', () => {
    const { key, hash } = newStreamKey(newId());
    expect(keyMatches(key, hash)).toBe(true);
    expect(keyMatches(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, hash)).toBe(false);
    expect(keyMatches(key, null)).toBe(false);
    expect(keyMatches(key, Buffer.alloc(3))).toBe(false);
    for (const bad of ['', 'live', `${newId()}`, `${newId()}-x`, 'not-an-id_abc', `${newId()}_${'x'.repeat(200)}`]) {
      expect(videoIdOfKey(bad)).toBeNull();
    }
  });

  it('are sent to rtmp://<host>:<port>/live/<key>', () => {
    expect(ingestUrl('videos.example.com', 1935, 'k')).toBe('rtmp://videos.example.com:1935/live/k');
    expect(serverUrl('videos.example.com', 1935)).toBe('rtmp://videos.example.com:1935/live');
  });
});
