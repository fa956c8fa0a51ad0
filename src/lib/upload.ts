// A form with files, sent with its progress (docs/decisions/0016-retries-uploads-and-lingering-close.md):
// fetch tells nothing of a request body's progress, XMLHttpRequest's `upload` events do, so the
// application forms send through this. The same headers as every API call (api-client.ts
// callHeaders: the API key, the submission's Idempotency-Key), the same errors (ApiError), and it can
// be cancelled (an AbortSignal: rejects with an AbortError).
import { ApiError, callHeaders, NETWORK_MESSAGE, refuseWhenOffline, toApiError } from './api-client.ts';

export interface UploadProgress {
  /** Bytes of the body sent so far, of `total`. */
  sent: number;
  total: number;
}

export interface UploadOptions {
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POSTs `body` (multipart) to `route` of /api/v1 (`applications/fleet-fueling`); resolves the answer's JSON, rejects as the API client does. */
export function upload<T>(route: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    refuseWhenOffline();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/${route}`);
    callHeaders({}, 'POST', options.headers).headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({ sent: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(toApiError(xhr.status, data));
    };
    xhr.onerror = () => {
      try {
        refuseWhenOffline();
        reject(new ApiError(0, 'network_error', NETWORK_MESSAGE));
      } catch (offline) {
        reject(offline);
      }
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
