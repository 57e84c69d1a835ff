import { describe, expect, it } from 'vitest';
import { matchesRoute, routeFiles } from './warm-code';

describe('route code for the warm start', () => {
  it('matches route paths with their parameters, and nothing longer or shorter', () => {
    expect(matchesRoute('/home', '/home')).toBe(true);
    expect(matchesRoute('/home', '/home/')).toBe(true);
    expect(matchesRoute('/home', '/homes')).toBe(false);
    expect(matchesRoute('/video/watch/:videoId', '/video/watch/abc-1')).toBe(true);
    expect(matchesRoute('/video/watch/:videoId', '/video/watch/')).toBe(false);
    expect(matchesRoute('/video/watch/:videoId', '/video/watch/abc/extra')).toBe(false);
  });

  it("gives the matched route's files, none for other pages", () => {
    const code = { routes: [{ path: '/home', files: ['/assets/home.js'] }], hls: [] };
    expect(routeFiles(code, '/home')).toEqual(['/assets/home.js']);
    expect(routeFiles(code, '/liked')).toEqual([]);
  });
});
