import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestContext, multipart, registerUser, testImage } from './support.ts';

// A body that sends nothing for BODY_IDLE_TIMEOUT_SECONDS ends with 408 and a closed connection,
// whichever route reads it: JSON (Fastify's parser), multipart (the video upload) and tus PATCH
// (streamed to the store by tus). Through a listening server and raw sockets, as a slow client.
const ctx = await createTestContext({ BODY_IDLE_TIMEOUT_SECONDS: '1' });
const { app } = ctx;
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as net.AddressInfo;
const owner = await registerUser(ctx);

interface Answer {
  text: string;
  /** Milliseconds from the last byte sent to the connection's close (null: still open at the deadline). */
  closedAfterMs: number | null;
}

/**
 * Sends `head` and then `chunks` (one every `everyMs`), then nothing more; waits up to
 * `deadlineMs` after the last one for the server to answer and close.
 */
function slowRequest(head: string, chunks: Buffer[], everyMs: number, deadlineMs = 6_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let lastSent = Date.now();
    let deadline: NodeJS.Timeout | undefined;
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve({ text, closedAfterMs: Date.now() - lastSent });
    });
    socket.on('connect', async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (socket.destroyed) break;
        socket.write(chunk);
        lastSent = Date.now();
        await new Promise((r) => setTimeout(r, everyMs));
      }
      deadline = setTimeout(() => {
        socket.removeAllListeners('close');
        socket.destroy();
        resolve({ text, closedAfterMs: null });
      }, deadlineMs);
    });
  });
}

const statusOf = (answer: Answer) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.text)?.[1]);
const bodyOf = (answer: Answer) => JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4));
const TIMED_OUT = { statusCode: 408, data: 'Request body timed out', message: 'Request body timed out', success: false };

function expectTimedOut(answer: Answer) {
  expect(statusOf(answer), answer.text).toBe(408);
  expect(bodyOf(answer)).toEqual(TIMED_OUT);
  // Closed about a second after the last byte (idle 1 s, looked at every 250 ms), not at the deadline.
  expect(answer.closedAfterMs).not.toBeNull();
  expect(answer.closedAfterMs!).toBeGreaterThanOrEqual(900);
  expect(answer.closedAfterMs!).toBeLessThan(4_000);
}

describe('a request body that stops arriving', () => {
  it('a JSON body: 408 in the error envelope, connection closed', async () => {
    const head = 'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    expectTimedOut(await slowRequest(head, [Buffer.from('{"email":')], 0));
  });

  it('a multipart video upload: 408', async () => {
    const { payload, headers } = multipart(
      { title: 'Slow', description: 'sent slowly' },
      {
        videoFile: { data: Buffer.alloc(200_000, 1), filename: 'slow.mp4', type: 'video/mp4' },
        thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      },
      owner.cookie,
    );
    const head =
      `POST /api/video/new HTTP/1.1\r\nHost: x\r\nCookie: ${headers.cookie}\r\nContent-Type: ${headers['content-type']}\r\n` +
      `Content-Length: ${payload.length}\r\n\r\n`;
    expectTimedOut(await slowRequest(head, [payload.subarray(0, 50_000)], 0));
  });

  it('a tus PATCH: 408, and the bytes that came are kept for a resume', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: {
        'tus-resumable': '1.0.0',
        cookie: owner.cookie,
        'upload-length': '100000',
        'upload-metadata': `filename ${Buffer.from('slow.mp4').toString('base64')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const head =
      `PATCH ${location} HTTP/1.1\r\nHost: x\r\nCookie: ${owner.cookie}\r\nTus-Resumable: 1.0.0\r\n` +
      'Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: 100000\r\n\r\n';
    expectTimedOut(await slowRequest(head, [Buffer.alloc(1000, 7)], 0));
    const resumed = await app.inject({
      method: 'HEAD',
      url: location,
      headers: { 'tus-resumable': '1.0.0', cookie: owner.cookie },
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['upload-offset']).toBe('1000');
  });

  it('a body that keeps arriving, a byte at a time, is not cut off however long it takes', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'x' }));
    const head = `POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    // One byte every 400 ms for the first 8 (3.2 s in all, past the 1 s idle time), then the rest.
    const chunks = [...[...body.subarray(0, 8)].map((b) => Buffer.from([b])), body.subarray(8)];
    const answer = await slowRequest(head, chunks, 400);
    expect(statusOf(answer), answer.text).not.toBe(408);
    expect(statusOf(answer)).toBeGreaterThanOrEqual(400);
    expect(statusOf(answer)).toBeLessThan(500);
  });
});
