import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardVideo } from '@streamhub/contract';
import { ApiError, InvalidResponseError, type ApiEnvelope } from '@/lib/api-client';
import { syncCurrentUserFromCookie } from '@/lib/auth';
import { videoKeys } from '@/lib/query-keys';
import { uploadFormData, type UploadForm } from '../video-upload';
import { isResumableUpload, sendResumable } from './resumable-upload';

export type UploadProgressEvent = { loaded: number; total: number };

type UploadOptions = { onProgress?: (progress: UploadProgressEvent) => void; signal?: AbortSignal };

function parseEnvelope(text: string): Partial<ApiEnvelope<unknown>> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<ApiEnvelope<unknown>>) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/video/new (multipart). The one call made with XMLHttpRequest instead of the api client:
 * fetch cannot report upload progress. Same origin, cookies, envelope and ApiError as the client.
 */
export function uploadVideo(form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<DashboardVideo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/video/new');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onload = () => {
      syncCurrentUserFromCookie();
      const envelope = parseEnvelope(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300 || envelope?.success === false) {
        const data = envelope?.data;
        const message =
          (typeof data === 'string' && data) || envelope?.message || xhr.statusText || `Request failed (${xhr.status})`;
        const isNetworkError = envelope === null && [502, 503, 504].includes(xhr.status);
        reject(new ApiError({ status: xhr.status, message, data, isNetworkError }));
        return;
      }
      if (!envelope || !('data' in envelope)) {
        reject(new InvalidResponseError(xhr.status));
        return;
      }
      resolve(envelope.data as DashboardVideo);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: 'Network Error', isNetworkError: true }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

type SendOptions = UploadOptions & {
  /** Resumable uploads only: called before the first byte with the offset an earlier attempt reached. */
  onStart?: (resumedFrom: number) => void;
};

/**
 * The upload page's path. A file of up to one tus chunk goes in POST /api/video/new itself, as the
 * multipart `videoFile` of SPEC §7. A larger one goes first as a resumable (tus) upload, which
 * survives a dropped connection or a reload, then the form's fields and thumbnail go with its
 * `uploadId`. `onProgress` follows the video file's bytes either way.
 */
export async function sendVideoUpload(form: UploadForm, { onProgress, onStart, signal }: SendOptions = {}) {
  if (!isResumableUpload(form.videoFile!)) return uploadVideo(uploadFormData(form), { onProgress, signal });
  const uploadId = await sendResumable(form.videoFile!, { onProgress, onStart, signal });
  return uploadVideo(uploadFormData(form, uploadId), { signal });
}

export function useUploadVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, ...options }: { form: UploadForm } & SendOptions) => sendVideoUpload(form, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
