// The sign-in pages behind the OpenID Connect provider: log in, sign up, choose an account, and the
// links sent by e-mail (verify the address, reset the password). Server-rendered, no scripts.
import { ACCOUNT_TYPES } from "@hostfield/domain/reference";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { z } from "zod";
import {
  renderEmailVerified,
  renderForgotPassword,
  renderLinkInvalid,
  renderResetDone,
  renderResetPassword,
  renderSelectAccount,
  renderSignIn,
  renderSignUp,
  renderVerifyEmailSent,
} from "../../platform/auth/pages";
import { renderTryAgain } from "../../platform/auth/provider-errors";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../../platform/db/unavailable";
import {
  htmlReplies as html,
  htmlPage,
  page,
  servePages,
  type TPageReply,
} from "../../platform/http/pages";
import { routesOf } from "../../platform/http/route-def";
import { PASSWORD_RULE } from "./passwords";
import * as users from "./service";

const ACCOUNT_PATHS = {
  forgot: "/oidc/account/forgot",
  reset: "/oidc/account/reset",
  verify: "/oidc/account/verify",
};
const interactionPaths = (uid: string) => ({
  page: `/oidc/interaction/${uid}`,
  signUp: `/oidc/interaction/${uid}?screen=signup`,
  login: `/oidc/interaction/${uid}/login`,
  signup: `/oidc/interaction/${uid}/signup`,
  select: `/oidc/interaction/${uid}/select`,
});

const ZUid = z.object({ uid: z.string().min(1).max(100) });
const field = (max: number) => z.string().max(max).default("");

export async function signInRoutes(
  app: FastifyInstance,
  options: { provider: Provider; ctx: users.TUsersContext },
) {
  const { provider, ctx } = options;
  const add = routesOf(app, ["sign-in"]);

  servePages(app);

  /**
   * The interaction of this browser, or null when it expired or belongs to another browser. A
   * database that did not answer is not an expired sign-in: that is thrown, answered 503.
   */
  async function interaction(request: FastifyRequest, reply: TPageReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      return null;
    }
  }

  const expiredPage = (reply: TPageReply) =>
    htmlPage(
      reply,
      renderLinkInvalid({
        title: "This sign-in has expired",
        message: "Sign-in pages last an hour. Go back to Hostfield and log in again.",
        actionUrl: "/",
        actionLabel: "Back to Hostfield",
      }),
      404,
    );

  /** Hands the browser back to the provider, which answers on the raw response. */
  async function finish(
    request: FastifyRequest,
    reply: TPageReply,
    result: Record<string, unknown>,
  ) {
    const hijacked = reply.hijack();
    try {
      await provider.interactionFinished(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
    } catch (error) {
      // The reply is ours now: a database that did not answer is the "try again" page here.
      if (!isDatabaseUnavailable(error) || reply.raw.headersSent) throw error;
      request.log.warn({ err: error }, "the database did not answer the sign-in provider");
      reply.raw
        .writeHead(503, {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
        })
        .end(renderTryAgain());
    }
    return hijacked;
  }

  const signInPage = (
    uid: string,
    extra: { email?: string; error?: string; notice?: string } = {},
  ) => {
    const paths = interactionPaths(uid);
    return renderSignIn({
      action: paths.login,
      signUpUrl: paths.signUp,
      forgotUrl: ACCOUNT_PATHS.forgot,
      ...extra,
    });
  };

  add({
    ...page,
    ...html,
    method: "GET",
    url: "/oidc/interaction/:uid",
    summary: "The sign-in page of an interaction (or sign-up, or choose the account)",
    params: ZUid,
    query: z.object({ screen: z.enum(["signup", "login"]).optional() }),
    handler: async (request, reply) => {
      const details = await interaction(request, reply);
      if (!details) return expiredPage(reply);
      const { uid } = request.params;
      if (details.prompt.name === "select_account" && details.session?.accountId) {
        const account = await users.findClaims(ctx, details.session.accountId);
        if (account) {
          return htmlPage(
            reply,
            renderSelectAccount({ action: interactionPaths(uid).select, account }),
          );
        }
      }
      const wantsSignUp =
        request.query.screen === "signup" ||
        (request.query.screen !== "login" && details.params.screen_hint === "signup");
      if (wantsSignUp) {
        return htmlPage(
          reply,
          renderSignUp({
            action: interactionPaths(uid).signup,
            signInUrl: `${interactionPaths(uid).page}?screen=login`,
            accountTypes: ACCOUNT_TYPES,
            passwordRule: PASSWORD_RULE,
          }),
        );
      }
      return htmlPage(
        reply,
        signInPage(uid, {
          email:
            typeof details.params.login_hint === "string" ? details.params.login_hint : undefined,
        }),
      );
    },
  });

  add({
    ...page,
    ...html,
    method: "POST",
    url: "/oidc/interaction/:uid/login",
    summary: "Log in with e-mail and password",
    params: ZUid,
    body: z.object({ email: field(254), password: field(200) }),
    handler: async (request, reply) => {
      const details = await interaction(request, reply);
      if (!details) return expiredPage(reply);
      const { uid } = request.params;
      const outcome = await users.signIn(ctx, { ...request.body, address: request.ip });
      if (outcome.ok) {
        return finish(request, reply, {
          login: { accountId: outcome.user.id, remember: true },
          select_account: {},
        });
      }
      if (outcome.reason === "unverified") {
        // The client shows this description as a persistent warning (spec §8: 'Look for an email').
        return finish(request, reply, {
          error: "access_denied",
          error_description: outcome.message,
        });
      }
      if (outcome.reason === "limited")
        reply.header("retry-after", String(outcome.retryAfterSeconds));
      return htmlPage(
        reply,
        signInPage(uid, { email: request.body.email, error: outcome.message }),
        outcome.reason === "limited" ? 429 : 400,
      );
    },
  });

  add({
    ...page,
    ...html,
    method: "POST",
    url: "/oidc/interaction/:uid/signup",
    summary: "Sign up; the new account verifies its e-mail before logging in",
    params: ZUid,
    body: z.object({
      name: field(200),
      email: field(254),
      password: field(200),
      accountType: field(60),
    }),
    handler: async (request, reply) => {
      const details = await interaction(request, reply);
      if (!details) return expiredPage(reply);
      const paths = interactionPaths(request.params.uid);
      const outcome = await users.signUp(ctx, request.body);
      if (!outcome.ok) {
        const { password: _password, ...values } = request.body;
        return htmlPage(
          reply,
          renderSignUp({
            action: paths.signup,
            signInUrl: `${paths.page}?screen=login`,
            accountTypes: ACCOUNT_TYPES,
            values,
            errors: outcome.errors,
            passwordRule: PASSWORD_RULE,
          }),
          400,
        );
      }
      return htmlPage(
        reply,
        renderVerifyEmailSent({ email: outcome.email, signInUrl: `${paths.page}?screen=login` }),
      );
    },
  });

  add({
    ...page,
    ...html,
    method: "POST",
    url: "/oidc/interaction/:uid/select",
    summary: "Continue with the signed-in account, or switch to another",
    params: ZUid,
    body: z.object({ choice: z.enum(["continue", "switch"]) }),
    handler: async (request, reply) => {
      const details = await interaction(request, reply);
      if (!details) return expiredPage(reply);
      if (request.body.choice === "continue" && details.session?.accountId) {
        return finish(request, reply, { select_account: {} });
      }
      return htmlPage(reply, signInPage(request.params.uid));
    },
  });

  add({
    ...page,
    ...html,
    method: "GET",
    url: ACCOUNT_PATHS.verify,
    summary: "Verify an e-mail address (the link in the welcome mail)",
    query: z.object({ token: field(100) }),
    handler: async (request, reply) => {
      const user = await users.verifyEmail(ctx, request.query.token);
      if (!user) {
        return htmlPage(
          reply,
          renderLinkInvalid({
            title: "This link no longer works",
            message:
              "Verification links work once and expire after 24 hours. Log in to get a fresh one.",
            actionUrl: "/",
            actionLabel: "Back to Hostfield",
          }),
          404,
        );
      }
      return htmlPage(reply, renderEmailVerified({ signInUrl: "/" }));
    },
  });

  add({
    ...page,
    ...html,
    method: "GET",
    url: ACCOUNT_PATHS.forgot,
    summary: "Ask for a password-reset link",
    handler: async (_request, reply) =>
      htmlPage(reply, renderForgotPassword({ action: ACCOUNT_PATHS.forgot })),
  });

  add({
    ...page,
    ...html,
    method: "POST",
    url: ACCOUNT_PATHS.forgot,
    summary: "Send a password-reset link",
    body: z.object({ email: field(254) }),
    handler: async (request, reply) => {
      const email = request.body.email.trim();
      if (!email)
        return htmlPage(
          reply,
          renderForgotPassword({
            action: ACCOUNT_PATHS.forgot,
            error: "Enter your e-mail address.",
          }),
          400,
        );
      await users.requestPasswordReset(ctx, email);
      return htmlPage(
        reply,
        renderForgotPassword({ action: ACCOUNT_PATHS.forgot, email, sent: true }),
      );
    },
  });

  const resetLinkInvalid = () =>
    renderLinkInvalid({
      title: "This link no longer works",
      message: "Reset links work once and expire after an hour. Ask for a new one.",
      actionUrl: ACCOUNT_PATHS.forgot,
      actionLabel: "Send a new link",
    });

  add({
    ...page,
    ...html,
    method: "GET",
    url: ACCOUNT_PATHS.reset,
    summary: "Choose a new password (the link in the reset mail)",
    query: z.object({ token: field(100) }),
    handler: async (request, reply) => {
      if (!(await users.isResetLinkUsable(ctx, request.query.token)))
        return htmlPage(reply, resetLinkInvalid(), 404);
      return htmlPage(
        reply,
        renderResetPassword({
          action: ACCOUNT_PATHS.reset,
          token: request.query.token,
          passwordRule: PASSWORD_RULE,
        }),
      );
    },
  });

  add({
    ...page,
    ...html,
    method: "POST",
    url: ACCOUNT_PATHS.reset,
    summary: "Set the new password",
    body: z.object({ token: field(100), password: field(200) }),
    handler: async (request, reply) => {
      const result = await users.resetPassword(ctx, request.body.token, request.body.password);
      if (result.ok) return htmlPage(reply, renderResetDone({ signInUrl: "/" }));
      if (result.reason === "link") return htmlPage(reply, resetLinkInvalid(), 404);
      return htmlPage(
        reply,
        renderResetPassword({
          action: ACCOUNT_PATHS.reset,
          token: request.body.token,
          error: result.message,
          passwordRule: PASSWORD_RULE,
        }),
        400,
      );
    },
  });
}
