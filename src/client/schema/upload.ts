import { api, ApiError, apiUrl, type ApiErrorBody } from '../providers/http';
import { getAccessToken, readCookie } from '../providers/tokens';

const XSRF_COOKIE = 'XSRF-TOKEN';

export interface MultipartRequest {
  method: 'POST' | 'PUT';
  /** Relative to /api. */
  path: string;
  /** The record's values, sent as the `payload` part (JSON). */
  payload: Record<string, unknown>;
  /** Files by part name: `file` for a module's only file field, otherwise the field's name. */
  files: Record<string, File>;
  /** Called with the uploaded fraction, 0 to 1. */
  onProgress(fraction: number): void;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a multipart `payload` + file request through XMLHttpRequest, the one browser API that reports
 * upload progress; same headers as api() (JWT and the XSRF echo), same ApiError on failure.
 */
export async function sendMultipart<T>({ method, path, payload, files, onProgress }: MultipartRequest): Promise<T> {
  // GET /api/xsrf sets the cookie when a first call has not yet.
  if (!readCookie(XSRF_COOKIE)) await api('/xsrf');
  const body = new FormData();
  body.append('payload', JSON.stringify(payload));
  for (const [part, file] of Object.entries(files)) body.append(part, file, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(path));
    request.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `JWT ${token}`);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) request.setRequestHeader('X-XSRF-TOKEN', xsrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(answer as T);
      } else reject(new ApiError(request.status, (answer && typeof answer === 'object' ? answer : {}) as ApiErrorBody));
    };
    request.onerror = () => reject(new TypeError('upload failed'));
    request.send(body);
  });
}
