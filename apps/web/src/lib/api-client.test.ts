import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, InvalidResponseError, api, buildUrl, errorText, onNetworkError } from './api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('unwraps the envelope and sends cookies with JSON bodies', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { statusCode: 200, data: { ok: 1 }, message: 'Success', success: true }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/users/login', { json: { username: 'a' } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/login');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"a"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('does not declare JSON for empty bodies (Fastify rejects empty JSON)', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { statusCode: 200, data: {}, message: 'ok', success: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/users/logout');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws ApiError with the human text from data, else message', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { statusCode: 401, data: 'Password incorrect', message: 'Password incorrect', success: false }),
    );
    const error = await api.post('/api/users/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Password incorrect', isNetworkError: false });

    vi.stubGlobal('fetch', async () => jsonResponse(400, { statusCode: 400, data: null, message: 'Bad', success: false }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 400, message: 'Bad', reason: undefined });
  });

  it("keeps the refusal's reason", async () => {
    const body = { statusCode: 401, data: 'No access to this video', message: 'No access', success: false, reason: 'purchase' };
    vi.stubGlobal('fetch', async () => jsonResponse(401, body));
    await expect(api.get('/api/video/v/1')).rejects.toMatchObject({ status: 401, reason: 'purchase' });
  });

  it('reports network failures and flags them', async () => {
    const listener = vi.fn();
    const stop = onNetworkError(listener);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/users/me')).rejects.toMatchObject({ status: 0, isNetworkError: true });
    expect(listener).toHaveBeenCalledTimes(1);

    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    await expect(api.get('/api/users/me')).rejects.toMatchObject({ status: 502, isNetworkError: true });
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('lets aborts through without calling them network errors', async () => {
    const listener = vi.fn();
    const stop = onNetworkError(listener);
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(api.get('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it.each([
    ['an empty body', () => new Response('', { status: 200 })],
    ['an empty JSON body', () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } })],
    ['a non-JSON body', () => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } })],
    ['an envelope without data', () => jsonResponse(200, {})],
  ])('rejects %s as an invalid response', async (_name, answer) => {
    vi.stubGlobal('fetch', async () => answer());
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ status: 200, message: 'Invalid response from server' });
  });

  it('keeps a failed call with an unreadable body a plain ApiError', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(InvalidResponseError);
  });
});

describe('buildUrl', () => {
  it('skips empty params', () => {
    expect(buildUrl('/api/video', { page: 2, query: '', name: undefined, sortBy: 'views' })).toBe(
      '/api/video?page=2&sortBy=views',
    );
    expect(buildUrl('/api/video')).toBe('/api/video');
  });
});

describe('errorText', () => {
  it('prefers the server text', () => {
    expect(errorText(new ApiError({ status: 409, message: 'Taken' }), 'An error occurred')).toBe('Taken');
    expect(errorText(new Error('boom'), 'An error occurred')).toBe('An error occurred');
    expect(errorText(new ApiError({ status: 0, message: 'Network Error', isNetworkError: true }), 'Failed')).toBe('Failed');
  });
});
