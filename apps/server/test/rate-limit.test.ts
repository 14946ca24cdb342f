import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW: "1 minute" } });
});
afterAll(() => t.close());

it("answers 429 RATE_LIMITED once a client exceeds the limit, but never limits health checks", async () => {
  const codes: number[] = [];
  for (let i = 0; i < 4; i++)
    codes.push((await t.app.inject({ url: `/status.json?${V}` })).statusCode);
  expect(codes).toEqual([200, 200, 200, 429]);
  const limited = await t.app.inject({ url: `/status.json?${V}` });
  expect(limited.json().error.code).toBe("RATE_LIMITED");
  expect(limited.json().error.message).toMatch(/try again in \d+ s/);
  for (let i = 0; i < 5; i++)
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
});
