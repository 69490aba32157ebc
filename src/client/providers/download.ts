import { answerError, apiHeaders, apiUrl, type ApiOptions, parseAnswer } from './http';

/** Has the browser download the file a signed link gives (its Content-Disposition names it): no session needed. */
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Has the browser save a file made here (a sample file) or fetched, under this name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Downloads a file the API answers (a CSV export, an import's errors): fetched with the user's
 * token, then saved by the browser under the name the answer gives (or `fallbackName`).
 */
export async function downloadApiFile(path: string, query: ApiOptions['query'], fallbackName: string): Promise<void> {
  const response = await fetch(apiUrl(path, query), { headers: await apiHeaders('GET'), credentials: 'same-origin' });
  if (!response.ok) throw answerError(response.status, parseAnswer(await response.text()));
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await response.blob(), named ?? fallbackName);
}
