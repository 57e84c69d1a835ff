// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// English for components rendered outside a page's provider (i18n/index.ts).
import '@/i18n';
import { VideoUploadForm } from './video-upload-form';

/**
 * The browser's XMLHttpRequest, as the upload uses it (progress, then the server's envelope):
 * jsdom's own would send to no server. `answer()` ends the request sent last.
 */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, envelope: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}

function renderForm() {
  const onUploaded = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VideoUploadForm onCancel={() => {}} onUploaded={onUploaded} />
    </QueryClientProvider>,
  );
  return { onUploaded };
}

const video = new File([new Uint8Array(1024)], 'clip.mp4', { type: 'video/mp4' });
const image = new File([new Uint8Array(64)], 'thumb.png', { type: 'image/png' });

// jsdom makes no object URLs (the thumbnail's preview).
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => {};
// Nor does it scroll (the progress panel brings itself into view).
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the upload form', () => {
  it('names what is missing and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Title is required');
    await userEvent.type(screen.getByLabelText('Title'), 'Harbour');
    await userEvent.type(screen.getByLabelText('Description'), 'At dawn');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a video file');
    expect(FakeUpload.sent).toEqual([]);
  });

  it('sends the fields and files as multipart, shows the progress, and is done when the server answers', async () => {
    const { onUploaded } = renderForm();
    await userEvent.type(screen.getByLabelText('Title'), '  Harbour ');
    await userEvent.type(screen.getByLabelText('Description'), 'At dawn');
    await userEvent.upload(screen.getByLabelText('Video file'), video);
    await userEvent.upload(screen.getByLabelText('Thumbnail'), image);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const [request] = FakeUpload.sent;
    expect([request!.method, request!.url]).toEqual(['POST', '/api/video/new']);
    expect(request!.body!.get('title')).toBe('Harbour');
    expect(request!.body!.get('description')).toBe('At dawn');
    expect((request!.body!.get('videoFile') as File).name).toBe('clip.mp4');
    expect((request!.body!.get('thumbnail') as File).name).toBe('thumb.png');
    expect(request!.body!.has('isExclusive')).toBe(false);

    request!.progress(512, 1024);
    expect((await screen.findByTestId('upload-progress')).textContent).toContain('Uploading Video...');
    expect(screen.getByTestId('upload-progress').textContent).toContain('50%');
    expect(onUploaded).not.toHaveBeenCalled();
    request!.answer(201, { statusCode: 201, data: { _id: 'v1' }, message: 'Created', success: true });
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
  });

  it("shows the server's refusal and keeps the form", async () => {
    const { onUploaded } = renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Harbour');
    await userEvent.type(screen.getByLabelText('Description'), 'At dawn');
    await userEvent.upload(screen.getByLabelText('Video file'), video);
    await userEvent.upload(screen.getByLabelText('Thumbnail'), image);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    FakeUpload.sent[0]!.answer(403, {
      statusCode: 403,
      data: 'Upload limit reached',
      message: 'Upload limit reached',
      success: false,
    });
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Upload limit reached'));
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Harbour');
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
