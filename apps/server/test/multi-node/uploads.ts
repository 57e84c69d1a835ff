import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';
import { waitFor } from '../clips.ts';
import { uploadClip } from '../faults/harness.ts';
import { testImage } from '../support.ts';

/**
 * How a video reaches the API: `multipart` (POST /api/video/new with the file) or `tus`
 * (resumable, at /api/uploads/, then the video is created from the finished upload).
 */
export type UploadMethod = 'multipart' | 'tus';

/**
 * Uploads `clip` to `base` with a connection cut on the way, and answers the new video's id.
 * tus: the cut PATCH is resumed from the offset the server reports (HEAD). multipart has no
 * resume: the cut request leaves nothing behind (checked by the caller) and the upload is sent
 * again whole.
 */
export async function uploadWithCut(method: UploadMethod, base: string, cookie: string, clip: string): Promise<string> {
  const data = await fs.readFile(clip);
  if (method === 'multipart') {
    await cutMultipart(base, cookie, data);
    return uploadClip(base, cookie, clip, 'Multi-node clip');
  }
  return tusWithCut(base, cookie, data, path.basename(clip));
}

/** Sends a video upload of twice the clip's size, half of it, then closes the connection. */
async function cutMultipart(base: string, cookie: string, data: Buffer) {
  const boundary = `----cluster${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut off\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nThe connection is cut\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="videoFile"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const request = http.request(`${base}/api/video/new`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + 2 * data.length + 100,
    },
  });
  request.on('error', () => {});
  request.write(head);
  await new Promise<void>((resolve) => request.write(data, () => resolve()));
  request.destroy();
}

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (v: string) => Buffer.from(v).toString('base64');

/**
 * A tus 1.0 upload (creation extension) through /api/uploads/: create, PATCH that is cut after
 * half the bytes, HEAD for the offset the server kept, PATCH the rest from there.
 *
 * Meant for the tus endpoint of branch scale-storage. What follows the last byte is its choice;
 * assumed here: POST /api/video/new with the fields and `uploadId` (the last path segment of the
 * upload's URL) instead of `videoFile`, answering 201 with the video. Align `createFromUpload`
 * with the real endpoint when switching UPLOAD to 'tus'.
 */
async function tusWithCut(base: string, cookie: string, data: Buffer, filename: string): Promise<string> {
  const created = await fetch(`${base}/api/uploads/`, {
    method: 'POST',
    headers: {
      ...TUS,
      cookie,
      'upload-length': String(data.length),
      'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')}`,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const url = new URL(created.headers.get('location')!, base).toString();

  // The cut: half the bytes are sent, then the connection is closed under the request.
  const half = Math.floor(data.length / 2);
  const request = http.request(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      cookie,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': data.length,
    },
  });
  request.on('error', () => {});
  await new Promise<void>((resolve) => request.write(data.subarray(0, half), () => resolve()));
  const offsetNow = async () => {
    const head = await fetch(url, { method: 'HEAD', headers: { ...TUS, cookie } });
    return Number(head.headers.get('upload-offset'));
  };
  await waitFor(async () => (await offsetNow()) > 0, 30_000, 50).catch(() => null);
  request.destroy();

  // The server keeps what arrived; the client goes on from there.
  const offset = await waitFor(
    async () => {
      const a = await offsetNow();
      await new Promise((r) => setTimeout(r, 200));
      return a === (await offsetNow()) ? { a } : null;
    },
    30_000,
    0,
  ).then(({ a }) => a);
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThan(data.length);
  const rest = await fetch(url, {
    method: 'PATCH',
    headers: { ...TUS, cookie, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: data.subarray(offset),
  });
  expect(rest.status, await rest.clone().text()).toBe(204);
  expect(rest.headers.get('upload-offset')).toBe(String(data.length));
  return createFromUpload(base, cookie, url.split('/').filter(Boolean).pop()!);
}

async function createFromUpload(base: string, cookie: string, uploadId: string): Promise<string> {
  const form = new FormData();
  form.set('title', 'Multi-node clip');
  form.set('description', 'Uploaded with tus, resumed after a cut');
  form.set('uploadId', uploadId);
  form.set('thumbnail', new Blob([testImage()], { type: 'image/png' }), 't.png');
  const res = await fetch(`${base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}
