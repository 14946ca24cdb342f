import { ZErrorBody } from "@hostfield/domain/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiDelete,
  apiFetch,
  apiGet,
  apiGetBlob,
  apiGetList,
  apiPatch,
  apiPost,
  apiPostList,
  apiPut,
  apiUpload,
  buildApiUrl,
  isServerUnavailable,
  SERVER_UNAVAILABLE_MESSAGE,
  serverUnavailableError,
  setAccessTokenGetter,
  setConnectionReporter,
  setUnauthorizedHandler,
} from "./api";

type TCall = { url: string; init: RequestInit };

function stubFetch(reply: () => Response | Promise<Response>) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      return reply();
    }),
  );
  return calls;
}

function headersOf(call: TCall | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

afterEach(() => {
  setAccessTokenGetter(null);
  setUnauthorizedHandler(null);
  setConnectionReporter(null);
});

describe("api client", () => {
  it("adds api-version=1.0 and asks for JSON", async () => {
    const calls = stubFetch(() => Response.json({ data: { id: "f1", name: "Riverside Park" } }));
    const facility = await apiGet<{ id: string; name: string }>("/facility-mgmt/api/facilities/f1");
    expect(facility).toEqual({ id: "f1", name: "Riverside Park" });
    expect(calls[0]?.url).toBe("/facility-mgmt/api/facilities/f1?api-version=1.0");
    expect(calls[0]?.init.method).toBe("GET");
    expect(headersOf(calls[0]).Accept).toBe("application/json");
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
  });

  it("encodes query values, repeats arrays and skips empty ones", () => {
    expect(
      buildApiUrl("/event-mgmt/api/events", {
        offset: 20,
        take: 10,
        sport: ["Soccer", "Ice Hockey"],
        q: undefined,
        state: null,
        featured: true,
      }),
    ).toBe(
      "/event-mgmt/api/events?offset=20&take=10&sport=Soccer&sport=Ice+Hockey&featured=true&api-version=1.0",
    );
  });

  it("sends the bearer token when one is available", async () => {
    const calls = stubFetch(() => Response.json({ data: null }));
    setAccessTokenGetter(async () => "token-123");
    await apiGet("/user-mgmt/api/users/me");
    expect(headersOf(calls[0]).Authorization).toBe("Bearer token-123");
  });

  it("wraps POST bodies as {data} and unwraps the reply", async () => {
    const calls = stubFetch(() => Response.json({ data: { id: "g1" } }, { status: 201 }));
    const group = await apiPost<{ id: string }>("/user-mgmt/api/groups", { name: "Coaches" });
    expect(group).toEqual({ id: "g1" });
    expect(calls[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ data: { name: "Coaches" } });
    expect(headersOf(calls[0])["Content-Type"]).toBe("application/json");
  });

  it("sends PATCH operation lists as they are", async () => {
    const calls = stubFetch(() => Response.json({ data: { id: "h1", name: "New name" } }));
    const ops = [{ op: "replace", path: "/name", value: "New name" }];
    await apiPatch("/hotel-mgmt/api/hotels/h1", ops);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(ops);
  });

  it("unwraps lists with their total count", async () => {
    stubFetch(() =>
      Response.json({ data: [{ id: "e1" }, { id: "e2" }], _meta: { stats: { count: 57 } } }),
    );
    const page = await apiGetList<{ id: string }>("/event-mgmt/api/events");
    expect(page).toEqual({ items: [{ id: "e1" }, { id: "e2" }], count: 57 });
  });

  it("POSTs search filters as {data} and unwraps the list", async () => {
    const calls = stubFetch(() => Response.json({ data: [], _meta: { stats: { count: 0 } } }));
    const page = await apiPostList("/facility-mgmt/api/facilities/search", { sports: ["Soccer"] });
    expect(page).toEqual({ items: [], count: 0 });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ data: { sports: ["Soccer"] } });
  });

  it("checks the payload with a schema when given one", async () => {
    stubFetch(() => Response.json({ data: { maintenanceMode: "yes" } }));
    const schema = {
      parse(value: unknown) {
        const record = value as { maintenanceMode?: unknown };
        if (typeof record.maintenanceMode !== "boolean") throw new Error("not a status");
        return record as { maintenanceMode: boolean };
      },
    };
    await expect(apiGet("/status", { schema })).rejects.toThrow("not a status");
  });

  it("returns nothing for 204 No Content", async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiDelete("/event-mgmt/api/events/e1/likes")).resolves.toBeUndefined();
  });

  it("rejects a success reply with an empty body unless an empty body was expected", async () => {
    stubFetch(() => new Response("", { status: 200 }));
    await expect(apiGet("/event-mgmt/api/events/e1")).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
      status: 200,
    });
    await expect(apiFetch("GET", "/status.json")).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
    });
    await expect(
      apiPut("/user-mgmt/api/users/u1/passwordReset", undefined, { emptyBody: true }),
    ).resolves.toBeUndefined();
  });

  it("rejects a success reply that is not JSON, and runs the schema on the document", async () => {
    stubFetch(() => new Response("<html>Welcome</html>", { status: 200 }));
    await expect(apiGet("/event-mgmt/api/events/e1")).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
      status: 200,
    });
    await expect(apiFetch("GET", "/status.json")).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
    });
    stubFetch(() => Response.json({ maintenanceMode: "yes" }));
    const schema = {
      parse(value: unknown): never {
        throw new Error(`not a status: ${JSON.stringify(value)}`);
      },
    };
    await expect(apiFetch("GET", "/status.json", undefined, { schema })).rejects.toThrow(
      'not a status: {"maintenanceMode":"yes"}',
    );
  });

  it("sends the bearer token only to this page's own origin", async () => {
    const handler = { renew: vi.fn(async () => true), expired: vi.fn() };
    setUnauthorizedHandler(handler);
    setAccessTokenGetter(() => "token-123");
    const calls = stubFetch(() =>
      Response.json({ error: { code: "UNAUTHORIZED", message: "No." } }, { status: 401 }),
    );
    await expect(apiGet("https://elsewhere.example/api/things")).rejects.toMatchObject({
      status: 401,
    });
    await expect(apiGet(`${window.location.origin}/api/things`)).rejects.toMatchObject({
      status: 401,
    });
    expect(calls[0]?.url).toBe("https://elsewhere.example/api/things?api-version=1.0");
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    expect(headersOf(calls[1]).Authorization).toBe("Bearer token-123");
    // Only the same-origin call's refusal is the session's business.
    expect(handler.renew).toHaveBeenCalledTimes(1);
  });

  it("sends an anonymous call without the token and leaves its 401 alone", async () => {
    const handler = { renew: vi.fn(async () => true), expired: vi.fn() };
    setUnauthorizedHandler(handler);
    setAccessTokenGetter(() => "token-123");
    const calls = stubFetch(() => new Response("", { status: 401 }));
    await expect(
      apiFetch("GET", "/status.json", undefined, { anonymous: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    expect(handler.renew).not.toHaveBeenCalled();
    expect(handler.expired).not.toHaveBeenCalled();
  });

  it("throws ApiError with the server's code, message and status", async () => {
    stubFetch(() =>
      Response.json(
        { error: { code: "PROFILE_NOT_FOUND", message: "No facility has that id." } },
        { status: 404 },
      ),
    );
    const error = await apiGet("/facility-mgmt/api/facilities/nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "PROFILE_NOT_FOUND",
      message: "No facility has that id.",
      status: 404,
    });
  });

  it("says how long a refusal asked to wait (Retry-After), on every call", async () => {
    stubFetch(() =>
      Response.json(
        { error: { code: "RATE_LIMITED", message: "Too many questions." } },
        { status: 429, headers: { "Retry-After": "720" } },
      ),
    );
    await expect(
      apiPost("/assistant-mgmt/api/assistants/rfp", { message: "x" }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      retryAfterSeconds: 720,
    });
    stubFetch(() =>
      Response.json({ error: { code: "NOT_FOUND", message: "No." } }, { status: 404 }),
    );
    await expect(apiGet("/event-mgmt/api/events/e1")).rejects.toMatchObject({
      retryAfterSeconds: null,
    });
  });

  it("throws a generic ApiError when an error reply is not in the error shape", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(apiGet("/event-mgmt/api/events/e1")).rejects.toMatchObject({
      code: "HTTP_ERROR",
      status: 502,
    });
  });

  it("throws NETWORK_ERROR when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(apiGet("/event-mgmt/api/events/e1")).rejects.toMatchObject({
      code: "NETWORK_ERROR",
      status: 0,
    });
  });

  it("rejects a success reply without the {data} envelope", async () => {
    stubFetch(() => Response.json({ id: "e1" }));
    await expect(apiGet("/event-mgmt/api/events/e1")).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
      status: 200,
    });
  });

  it.each([
    { error: { code: "CONFLICT", message: "Already liked." } },
    { error: { code: "VALIDATION_FAILED", message: "Bad name.", details: [{ path: "/name" }] } },
    { error: { code: 409, message: "Already liked." } },
    { error: { message: "No code." } },
    { error: "CONFLICT" },
    { message: "Not the error shape" },
  ])("reads error bodies exactly as the shared ZErrorBody contract does: %j", async (body) => {
    stubFetch(() => Response.json(body, { status: 409 }));
    const error = (await apiGet("/event-mgmt/api/events/e1/likes").catch(
      (e: unknown) => e,
    )) as ApiError;
    const contract = ZErrorBody.safeParse(body);
    expect(error.code).toBe(contract.success ? contract.data.error.code : "HTTP_ERROR");
    expect(error.status).toBe(409);
  });
});

describe("api client and a refused token (401)", () => {
  function withTokens(...tokens: string[]) {
    let current = tokens[0];
    setAccessTokenGetter(() => current);
    const handler = {
      renew: vi.fn(async () => {
        current = tokens[tokens.indexOf(current ?? "") + 1];
        return current !== undefined;
      }),
      expired: vi.fn(),
    };
    setUnauthorizedHandler(handler);
    return handler;
  }

  const unauthorized = () =>
    Response.json({ error: { code: "UNAUTHORIZED", message: "Sign in again." } }, { status: 401 });

  it("renews the token once and retries the call with the new one", async () => {
    const handler = withTokens("old", "new");
    let replies = 0;
    const calls = stubFetch(() => (replies++ === 0 ? unauthorized() : Response.json({ data: 7 })));
    await expect(apiPatch("/user-mgmt/api/users/u1", [{ op: "replace" }])).resolves.toBe(7);
    expect(calls.map((call) => headersOf(call).Authorization)).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
    expect(calls[1]?.init.body).toBe(calls[0]?.init.body);
    expect(handler.renew).toHaveBeenCalledTimes(1);
    expect(handler.expired).not.toHaveBeenCalled();
  });

  it("ends the session when the renewed token is refused too, and fails the call", async () => {
    const handler = withTokens("old", "new");
    const calls = stubFetch(unauthorized);
    await expect(apiGet("/user-mgmt/api/users/my")).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(handler.renew).toHaveBeenCalledTimes(1);
    expect(handler.expired).toHaveBeenCalledTimes(1);
  });

  it("ends the session when no new token can be had", async () => {
    const handler = withTokens("old");
    const calls = stubFetch(unauthorized);
    await expect(apiGet("/user-mgmt/api/users/my")).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(handler.expired).toHaveBeenCalledTimes(1);
  });

  it("does not renew for a call that carried no token", async () => {
    const handler = { renew: vi.fn(async () => true), expired: vi.fn() };
    setUnauthorizedHandler(handler);
    const calls = stubFetch(unauthorized);
    await expect(apiGet("/user-mgmt/api/users/my")).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(handler.renew).not.toHaveBeenCalled();
  });
});

describe("api client while the server cannot serve (issue 48)", () => {
  function listen() {
    const reporter = { unavailable: vi.fn(), answered: vi.fn() };
    setConnectionReporter(reporter);
    return reporter;
  }

  it("a 503 DATABASE_UNAVAILABLE keeps its words and its Retry-After, and is reported", async () => {
    const reporter = listen();
    const words = "The service is briefly unavailable; try again in a few seconds.";
    stubFetch(() =>
      Response.json(
        { error: { code: "DATABASE_UNAVAILABLE", message: words } },
        { status: 503, headers: { "Retry-After": "4" } },
      ),
    );
    const error = await apiPut("/user-mgmt/api/users/u1", { name: "x" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: words, retryAfterSeconds: 4 });
    expect(isServerUnavailable(error)).toBe(true);
    expect(reporter.unavailable).toHaveBeenCalledTimes(1);
    expect(reporter.answered).not.toHaveBeenCalled();
  });

  it.each([
    ["a proxy's bare 502", () => new Response("<html>Bad gateway</html>", { status: 502 })],
    ["a 504", () => new Response("", { status: 504 })],
    [
      "a 503 SERVICE_UNAVAILABLE",
      () =>
        Response.json({ error: { code: "SERVICE_UNAVAILABLE", message: "x" } }, { status: 503 }),
    ],
    [
      "no answer",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("%s is the server being unavailable", async (_case, reply) => {
    const reporter = listen();
    stubFetch(reply);
    const error = await apiGet("/event-mgmt/api/events/e1").catch((e: unknown) => e);
    expect(isServerUnavailable(error)).toBe(true);
    expect(reporter.unavailable).toHaveBeenCalledTimes(1);
  });

  it("a proxy's bare 502 reads 'briefly unavailable'", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(apiGet("/event-mgmt/api/events/e1")).rejects.toMatchObject({
      code: "HTTP_ERROR",
      message: SERVER_UNAVAILABLE_MESSAGE,
    });
  });

  it.each([
    ["a success", () => Response.json({ data: 1 })],
    [
      "a refusal",
      () => Response.json({ error: { code: "NOT_FOUND", message: "No." } }, { status: 404 }),
    ],
    [
      "a server error",
      () => Response.json({ error: { code: "INTERNAL_ERROR", message: "x" } }, { status: 500 }),
    ],
    [
      "another service's 503",
      () =>
        Response.json(
          { error: { code: "PAYMENTS_UNAVAILABLE", message: "Later." } },
          { status: 503 },
        ),
    ],
  ])("%s is an answer", async (_case, reply) => {
    const reporter = listen();
    stubFetch(reply);
    const error = await apiGet("/event-mgmt/api/events/e1").catch((e: unknown) => e);
    expect(isServerUnavailable(error)).toBe(false);
    expect(reporter.answered).toHaveBeenCalledTimes(1);
    expect(reporter.unavailable).not.toHaveBeenCalled();
  });

  it("leaves other origins' answers out", async () => {
    const reporter = listen();
    stubFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    await apiGet("https://elsewhere.example/api/things").catch(() => undefined);
    expect(reporter.unavailable).not.toHaveBeenCalled();
  });

  it("a 401 whose renewal the provider cannot answer fails the call, not the session", async () => {
    setAccessTokenGetter(() => "old");
    const handler = {
      renew: vi.fn(async (): Promise<boolean> => {
        throw serverUnavailableError();
      }),
      expired: vi.fn(),
    };
    setUnauthorizedHandler(handler);
    const calls = stubFetch(() =>
      Response.json({ error: { code: "UNAUTHORIZED", message: "Expired." } }, { status: 401 }),
    );
    const error = await apiGet("/user-mgmt/api/users/my").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: SERVER_UNAVAILABLE_MESSAGE });
    expect(isServerUnavailable(error)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(handler.expired).not.toHaveBeenCalled();
  });
});

describe("apiGetBlob", () => {
  it("fetches a file with the token and keeps its body as it came", async () => {
    setAccessTokenGetter(() => "t1");
    const calls = stubFetch(
      () => new Response("a,b\r\n1,2\r\n", { headers: { "Content-Type": "text/csv" } }),
    );
    const file = await apiGetBlob("/hotel-mgmt/api/hotels/reservations", {
      query: { scope: "hotel", format: "csv" },
      headers: { Accept: "text/csv" },
    });
    expect(await file.text()).toBe("a,b\r\n1,2\r\n");
    expect(file.type).toBe("text/csv");
    expect(calls[0]?.url).toBe(
      "/hotel-mgmt/api/hotels/reservations?scope=hotel&format=csv&api-version=1.0",
    );
    expect(headersOf(calls[0])).toMatchObject({ Accept: "text/csv", Authorization: "Bearer t1" });
  });

  it("throws the server's error, and renews a refused token like every call", async () => {
    let current = "old";
    setAccessTokenGetter(() => current);
    setUnauthorizedHandler({
      renew: async () => {
        current = "new";
        return true;
      },
      expired: vi.fn(),
    });
    const replies = [
      Response.json(
        { error: { code: "UNAUTHORIZED", message: "Sign in again." } },
        { status: 401 },
      ),
      Response.json({ error: { code: "FORBIDDEN", message: "Managers only." } }, { status: 403 }),
    ];
    const calls = stubFetch(() => replies.shift() ?? Response.error());
    await expect(apiGetBlob("/hotel-mgmt/api/hotels/reservations")).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Managers only.",
      status: 403,
    });
    expect(calls.map((call) => headersOf(call).Authorization)).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
  });
});

describe("apiUpload", () => {
  it("posts the form with the token and reports progress", async () => {
    setAccessTokenGetter(() => "token-9");
    const seen: { method: string; url: string; headers: Record<string, string>; body: unknown }[] =
      [];
    class FakeXhr {
      status = 0;
      responseText = "";
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private seenRequest = { method: "", url: "", headers: {} as Record<string, string> };
      open(method: string, url: string) {
        Object.assign(this.seenRequest, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        this.seenRequest.headers[name] = value;
      }
      abort() {}
      send(body: unknown) {
        seen.push({ ...this.seenRequest, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 } as ProgressEvent);
        this.status = 201;
        this.responseText = JSON.stringify({ data: { id: "i1", url: "/media/i1.webp" } });
        this.onload?.();
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const form = new FormData();
    form.append("file", new File(["x"], "a.png", { type: "image/png" }));
    const progress: number[] = [];
    const image = await apiUpload("/user-mgmt/api/users/u1/images", form, {
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(image).toEqual({ id: "i1", url: "/media/i1.webp" });
    expect(progress).toEqual([0.75]);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/user-mgmt/api/users/u1/images?api-version=1.0",
      headers: { Authorization: "Bearer token-9", Accept: "application/json" },
      body: form,
    });
    // The browser sets the multipart boundary itself.
    expect(seen[0]?.headers["Content-Type"]).toBeUndefined();
  });
});
