// Test-only: a controllable XMLHttpRequest for uploads with progress (lib/api.ts apiUpload).
import { vi } from "vitest";

export type TSentUpload = { url: string; method: string; body: FormData; headers: TUploadHeaders };
type TUploadHeaders = Record<string, string>;

export type TUploadStub = {
  /** Every upload sent, in order. */
  sent: TSentUpload[];
  pending: {
    /** Answers the latest upload with `reply(url, method)`: 201 for a POST, 200 for a PUT. */
    finish: (() => void) | null;
    /** Answers the latest upload with an error envelope. */
    fail: ((status: number, code: string, message: string) => void) | null;
  };
};

/**
 * Replaces XMLHttpRequest: each upload reports half its body sent, then waits for
 * `pending.finish()` or `pending.fail(…)`.
 */
export function stubUploads(reply: (url: string, method: string) => unknown): TUploadStub {
  const stub: TUploadStub = { sent: [], pending: { finish: null, fail: null } };
  class FakeXhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { url: "", method: "", headers: {} as TUploadHeaders };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const { url, method, headers } = this.request;
      stub.sent.push({ url, method, headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      }, 0);
      stub.pending.finish = () => {
        this.status = method === "POST" ? 201 : 200;
        this.responseText = JSON.stringify({ data: reply(url, method) });
        this.onload?.();
      };
      stub.pending.fail = (status, code, message) => {
        this.status = status;
        this.responseText = JSON.stringify({ error: { code, message } });
        this.onload?.();
      };
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return stub;
}
