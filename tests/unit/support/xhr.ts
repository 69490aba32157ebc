import { vi } from 'vitest';

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

type Answer = { status: number; body: unknown };

/** XMLHttpRequest as the uploader uses it: records the request, reports progress, answers (the same, or by request). */
export function fakeXhr(answer: Answer | ((upload: SentUpload) => Answer), order: string[] = []) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: FormData) {
      const upload = { ...this.request, body };
      sent.push(upload);
      const { status, body: answerBody } = typeof answer === 'function' ? answer(upload) : answer;
      order.push('upload');
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = status;
          this.responseText = JSON.stringify(answerBody);
          this.onload?.();
        }, 20);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

