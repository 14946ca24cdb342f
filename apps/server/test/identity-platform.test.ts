// Identity across processes and installations: shared sessions, keys at rest, SMTP, external issuers.
import net from "node:net";
import { decodeJwt } from "jose";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { rotateSigningKeys } from "../src/platform/auth/signing-keys";
import { createSecretBox } from "../src/platform/crypto/secret-box";
import { buildTestApp, openTestDatabase, testConfig, V } from "./helper";
import { refresh, signIn, signUpAndVerify } from "./oidc-driver";

const PASSWORD = "correct horse 42";
const SECRET = "test-secret-key-of-at-least-32-characters";
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("two server processes on one database", () => {
  it("share sessions and refresh tokens, and keep them across a restart", async () => {
    const config = testConfig();
    const database = await openTestDatabase(config);
    cleanups.push(() => database.close());
    const first = await buildApp({ config, database });
    await signUpAndVerify(first, database.db, {
      name: "Pat",
      email: "pat@example.com",
      password: PASSWORD,
    });
    const tokens = await signIn(first, "pat@example.com", PASSWORD);
    await first.close(); // a restart: nothing of the session lived in the process

    const second = await buildApp({ config, database });
    cleanups.push(() => second.close());
    const res = await refresh(second, tokens.refresh_token);
    expect(res.statusCode).toBe(200);
    const me = await second.inject({
      url: `/user-mgmt/api/users/my?${V}`,
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(me.json().data.email).toBe("pat@example.com");
  });
});

describe("signing keys", () => {
  it("are stored encrypted, and a rotation signs new tokens while old ones still verify", async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    await signUpAndVerify(t.app, t.app.db, {
      name: "Kim",
      email: "kim@example.com",
      password: PASSWORD,
    });
    const before = await signIn(t.app, "kim@example.com", PASSWORD);
    const stored = await t.database.pool.query("select private_jwk from signing_keys");
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].private_jwk).toMatch(/^v1\./);
    expect(stored.rows[0].private_jwk).not.toContain('"d"');

    await rotateSigningKeys(t.app.db, createSecretBox(SECRET));
    const restarted = await buildApp({ config: testConfig(), database: t.database });
    cleanups.push(() => restarted.close());
    const after = await signIn(restarted, "kim@example.com", PASSWORD);
    const kid = (token: string) =>
      JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()).kid;
    expect(kid(after.access_token)).not.toBe(kid(before.access_token));
    for (const token of [before.access_token, after.access_token]) {
      const res = await restarted.inject({
        url: `/user-mgmt/api/users/my?${V}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("mail over SMTP", () => {
  it("delivers the verification mail to the SMTP server when SMTP_URL is set, and keeps it in the outbox", async () => {
    const received: { to: string; body: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let body = "";
        stream.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), body });
          callback();
        });
      },
    });
    // A client closing its socket right after QUIT may surface as ECONNRESET on the server; without a
    // listener that event would be an unhandled error of the test run, not a failed delivery.
    const serverErrors: Error[] = [];
    smtp.on("error", (error) => serverErrors.push(error));
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    const t = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Hostfield <hello@hostfield.test>" },
    });
    cleanups.push(() => t.close());
    await signUpAndVerify(t.app, t.app.db, {
      name: "Mo",
      email: "mo@example.com",
      password: PASSWORD,
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe("mo@example.com");
    expect(received[0]!.body).toContain("/oidc/account/verify?token=");
    expect(received[0]!.body).toContain("From: Hostfield <hello@hostfield.test>");
    const outbox = await t.database.pool.query(
      "select transport, sent_date, error from mail_outbox",
    );
    expect(outbox.rows[0]).toMatchObject({ transport: "smtp", error: null });
    expect(outbox.rows[0].sent_date).not.toBeNull();
  });
});

describe("an external OpenID Connect issuer", () => {
  it("is trusted by the API through its discovery document and JWKS, with roles from its claim", async () => {
    // The "external" issuer is a second provider instance, reachable over HTTP.
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const issuer = await buildTestApp({
      env: { PUBLIC_URL: origin, ADMIN_EMAILS: "ext-admin@example.com" },
    });
    cleanups.push(() => issuer.close());
    await issuer.app.listen({ port, host: "127.0.0.1" });
    await signUpAndVerify(
      issuer.app,
      issuer.app.db,
      { name: "Ext Admin", email: "ext-admin@example.com", password: PASSWORD },
      origin,
    );
    const tokens = await signIn(issuer.app, "ext-admin@example.com", PASSWORD, origin);
    expect(decodeJwt(tokens.access_token).iss).toBe(`${origin}/oidc`);

    const api = await buildTestApp({
      env: { OIDC_ISSUER: `${origin}/oidc`, OIDC_AUDIENCE: `${origin}/api` },
    });
    cleanups.push(() => api.close());
    // No built-in provider here.
    expect(
      (await api.app.inject({ url: "/oidc/.well-known/openid-configuration" })).statusCode,
    ).toBe(404);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const me = await api.app.inject({ url: `/user-mgmt/api/users/my?${V}`, headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: "ext-admin@example.com",
      // Access tokens carry no name, so the local account starts with the address as its name.
      name: "ext-admin@example.com",
      isAdmin: true,
    });
    expect((await api.app.inject({ url: `/user-mgmt/api/users?${V}`, headers })).statusCode).toBe(
      200,
    );

    // A token from our own issuer instance with another audience is refused.
    const other = await buildTestApp({
      env: { OIDC_ISSUER: `${origin}/oidc`, OIDC_AUDIENCE: "https://someone-else/api" },
    });
    cleanups.push(() => other.close());
    expect(
      (await other.app.inject({ url: `/user-mgmt/api/users/my?${V}`, headers })).statusCode,
    ).toBe(401);
  });
});
