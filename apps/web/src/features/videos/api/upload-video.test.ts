import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyUploadForm, type UploadForm } from '../video-upload';
import { isResumableUpload, sendResumable, TUS_CHUNK_SIZE } from './resumable-upload';
import { sendVideoUpload } from './upload-video';

vi.mock('./resumable-upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./resumable-upload')>()),
  sendResumable: vi.fn(async (_file: File, { onProgress }: { onProgress?: (p: { loaded: number; total: number }) => void }) => {
    onProgress?.({ loaded: 1, total: 1 });
    return 'tus-upload-1';
  }),
}));

/** What the page's XMLHttpRequest was asked to send, answered with a created video. */
type SentRequest = { method: string; url: string; body: FormData };

class FakeXhr {
  static sent: SentRequest[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
    this.status = 201;
    this.responseText = JSON.stringify({ statusCode: 201, data: { _id: 'v1' }, message: 'Video uploaded', success: true });
    queueMicrotask(() => this.onload?.());
  }
}

/** A video file that reports `size` bytes without holding them. */
function videoOfSize(size: number): File {
  const file = new File(['v'], 'clip.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const form = (videoFile: File): UploadForm => ({
  ...emptyUploadForm(),
  title: 'T',
  description: 'D',
  videoFile,
  thumbnail: new File(['i'], 'thumb.png', { type: 'image/png' }),
});

describe('isResumableUpload', () => {
  it('is true only above one tus chunk (64 MiB)', () => {
    expect(TUS_CHUNK_SIZE).toBe(64 * 1024 * 1024);
    expect(isResumableUpload({ size: 0 })).toBe(false);
    expect(isResumableUpload({ size: TUS_CHUNK_SIZE })).toBe(false);
    expect(isResumableUpload({ size: TUS_CHUNK_SIZE + 1 })).toBe(true);
  });
});

describe('sendVideoUpload', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.mocked(sendResumable).mockClear();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a file of up to one chunk as the multipart videoFile of POST /api/video/new (SPEC §7)', async () => {
    const progress = vi.fn();
    const video = videoOfSize(TUS_CHUNK_SIZE);
    await expect(sendVideoUpload(form(video), { onProgress: progress })).resolves.toEqual({ _id: 'v1' });

    expect(sendResumable).not.toHaveBeenCalled();
    expect(FakeXhr.sent).toHaveLength(1);
    const [request] = FakeXhr.sent;
    expect(request).toMatchObject({ method: 'POST', url: '/api/video/new' });
    expect(request!.body.get('videoFile')).toBeInstanceOf(File);
    expect(request!.body.has('uploadId')).toBe(false);
    expect(request!.body.get('thumbnail')).toBeInstanceOf(File);
    expect(progress).toHaveBeenCalledWith({ loaded: 10, total: 10 });
  });

  it('sends a larger file resumably first, then the form with its uploadId and no file', async () => {
    const progress = vi.fn();
    const video = videoOfSize(TUS_CHUNK_SIZE + 1);
    await expect(sendVideoUpload(form(video), { onProgress: progress })).resolves.toEqual({ _id: 'v1' });

    expect(sendResumable).toHaveBeenCalledTimes(1);
    expect(vi.mocked(sendResumable).mock.calls[0]![0]).toBe(video);
    expect(FakeXhr.sent).toHaveLength(1);
    const [request] = FakeXhr.sent;
    expect(request).toMatchObject({ method: 'POST', url: '/api/video/new' });
    expect(request!.body.get('uploadId')).toBe('tus-upload-1');
    expect(request!.body.has('videoFile')).toBe(false);
    // The bar follows the file's bytes (the tus upload), not the small claim that follows it.
    expect(progress).toHaveBeenCalledTimes(1);
    expect(progress).toHaveBeenCalledWith({ loaded: 1, total: 1 });
  });
});
