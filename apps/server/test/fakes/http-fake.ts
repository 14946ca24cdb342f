// What the CRM fakes share: a node:http server on 127.0.0.1 (a port of its own) that reads each
// request's JSON or form body, records it, and answers from a route function; `failNext` makes
// the next matching request fail with a status after (or instead of) doing its work.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TFakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the tests and fakes read request fields loosely.
  body: any;
  raw: string;
};
export type TFakeReply = { status: number; body?: unknown };
export type TFakeFailure = {
  /** Which requests fail: `METHOD /path` as a regular expression. */
  match: RegExp;
  status: number;
  body: unknown;
  /** Do the work first (the record is made), then answer the failure. */
  afterWork: boolean;
};

export type TFakeServer = {
  url: string;
  requests: TFakeRequest[];
  /** The next request matching `match` fails (once). */
  failNext(failure: TFakeFailure): void;
  close(): Promise<void>;
};

export async function startFake(
  route: (request: TFakeRequest) => TFakeReply | Promise<TFakeReply>,
): Promise<TFakeServer> {
  const requests: TFakeRequest[] = [];
  const failures: TFakeFailure[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const type = String(req.headers["content-type"] ?? "");
      let body: unknown = null;
      if (raw && type.includes("json")) body = JSON.parse(raw);
      else if (raw && type.includes("x-www-form-urlencoded"))
        body = Object.fromEntries(new URLSearchParams(raw));
      const request: TFakeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        raw,
      };
      requests.push(request);
      const key = `${request.method} ${request.path}`;
      const index = failures.findIndex((f) => f.match.test(key));
      const failure = index >= 0 ? failures.splice(index, 1)[0]! : null;
      let reply: TFakeReply;
      try {
        if (failure && !failure.afterWork) reply = { status: failure.status, body: failure.body };
        else {
          reply = await route(request);
          if (failure) reply = { status: failure.status, body: failure.body };
        }
      } catch (error) {
        reply = { status: 500, body: { message: String(error) } };
      }
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (failure) => failures.push(failure),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
