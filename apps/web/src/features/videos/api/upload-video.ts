import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardVideo } from '@streamhub/contract';
import { ApiError, type ApiEnvelope } from '@/lib/api-client';
import { syncCurrentUserFromCookie } from '@/lib/auth';
import { videoKeys } from '@/lib/query-keys';
import { uploadFormData, type UploadForm } from '../video-upload';
import { sendResumable } from './resumable-upload';

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
        reject(new ApiError({ status: xhr.status, message: 'Invalid response from server' }));
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

type ResumableOptions = UploadOptions & { onStart?: (resumedFrom: number) => void };

/**
 * The upload page's path: the video file goes first as a resumable (tus) upload, then the form's
 * fields and thumbnail with its `uploadId` to POST /api/video/new.
 */
export async function uploadVideoResumable(form: UploadForm, { onProgress, onStart, signal }: ResumableOptions = {}) {
  const uploadId = await sendResumable(form.videoFile!, { onProgress, onStart, signal });
  return uploadVideo(uploadFormData(form, uploadId), { signal });
}

export function useUploadVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, ...options }: { form: UploadForm } & ResumableOptions) => uploadVideoResumable(form, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
