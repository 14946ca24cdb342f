// The answer of a call the page started before the app arrived (public/first-view-boot.js leaves
// it in a global): taken once, by exactly the same request without a token, while it is fresh.
import { afterEach, describe, expect, it, vi } from "vitest";
import { takeFirstCall } from "./first-call";

const URL_ = "/facility-mgmt/api/facilities/search?offset=0&take=20&api-version=1.0";
const BODY = JSON.stringify({ data: { near: { address: "Louisville, KY" } } });
const REQUEST: RequestInit = {
  method: "POST",
  headers: { Accept: "application/json", "Content-Type": "application/json" },
  body: BODY,
};

function started(response: Promise<Response>, startedAt = performance.now()) {
  Reflect.set(window, "__hostfieldFirstCall", {
    method: "POST",
    url: URL_,
    body: BODY,
    startedAt,
    response,
  });
}

afterEach(() => {
  Reflect.deleteProperty(window, "__hostfieldFirstCall");
});

describe("takeFirstCall", () => {
  it("gives the started call's answer to the same request, once", async () => {
    started(Promise.resolve(new Response("early")));
    expect(takeFirstCall(URL_, { ...REQUEST, body: "{}" })).toBeNull();
    expect(takeFirstCall(URL_.replace("take=20", "take=21"), REQUEST)).toBeNull();
    const answer = takeFirstCall(URL_, REQUEST);
    expect(await (await answer)?.text()).toBe("early");
    expect(takeFirstCall(URL_, REQUEST)).toBeNull();
  });

  it("leaves it to a call without a token only, and not once it is old", () => {
    started(Promise.resolve(new Response("early")));
    const signedIn = { ...REQUEST, headers: { ...REQUEST.headers, Authorization: "Bearer t" } };
    expect(takeFirstCall(URL_, signedIn)).toBeNull();
    started(Promise.resolve(new Response("early")), performance.now() - 60_000);
    expect(takeFirstCall(URL_, REQUEST)).toBeNull();
  });

  it("asks again when the early call found no answer", async () => {
    started(Promise.reject(new TypeError("Failed to fetch")));
    const fetch = vi.fn(async () => new Response("asked again"));
    vi.stubGlobal("fetch", fetch);
    const answer = await takeFirstCall(URL_, REQUEST);
    expect(await answer?.text()).toBe("asked again");
    expect(fetch).toHaveBeenCalledWith(URL_, REQUEST);
  });

  it("is cancelled with the call that took it", async () => {
    started(new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const answer = takeFirstCall(URL_, { ...REQUEST, signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: "AbortError" });
  });
});
