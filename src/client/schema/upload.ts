import { answerError, apiHeaders, apiUrl, parseAnswer } from '../providers/http';

export interface MultipartRequest {
  method: 'POST' | 'PUT';
  /** Relative to /api. */
  path: string;
  /** The record's values, sent as the `payload` part (JSON). */
  payload: Record<string, unknown>;
  /** Files by part name: `file` for a module's only file field, otherwise the field's name. */
  files: Record<string, File>;
  /** Called with the uploaded fraction, 0 to 1. */
  onProgress?(fraction: number): void;
}

/**
 * Sends a multipart `payload` + file request through XMLHttpRequest, the one browser API that reports
 * upload progress; same headers as api() (JWT and the XSRF echo), same ApiError on failure.
 */
export async function sendMultipart<T>({ method, path, payload, files, onProgress }: MultipartRequest): Promise<T> {
  const headers = await apiHeaders(method);
  const body = new FormData();
  body.append('payload', JSON.stringify(payload));
  for (const [part, file] of Object.entries(files)) body.append(part, file, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(path));
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = parseAnswer(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(answer as T);
      } else reject(answerError(request.status, answer));
    };
    request.onerror = () => reject(new TypeError('upload failed'));
    request.send(body);
  });
}
