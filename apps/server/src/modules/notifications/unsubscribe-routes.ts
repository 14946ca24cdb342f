// The unsubscribe links of the notification mails: GET shows a confirmation, POST (the page's
// button, or a mail client's one-click `List-Unsubscribe-Post`) turns the category off. Signed
// links only; a bad or altered link gets the same "link not valid" page whatever was wrong.
import { EMAIL_CATEGORIES } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  renderLinkInvalid,
  renderUnsubscribeConfirm,
  renderUnsubscribed,
} from "../../platform/auth/pages";
import {
  htmlPage,
  htmlReplies,
  page,
  servePages,
  type TPageReply,
} from "../../platform/http/pages";
import { routesOf } from "../../platform/http/route-def";
import { unsubscribe, unsubscribeSubject } from "./email";
import type { TNotificationsContext } from "./service";

const ZLink = z.object({
  u: z.string().uuid(),
  c: z.enum([...EMAIL_CATEGORIES, "digest"]),
  s: z.string().min(1).max(100),
});

export async function unsubscribeRoutes(
  app: FastifyInstance,
  options: { ctx: TNotificationsContext },
) {
  const { ctx } = options;
  servePages(app);
  const add = routesOf(app, ["e-mail"]);
  const settingsUrl = `${ctx.email.publicUrl}/account#email`;
  const invalid = (reply: TPageReply) =>
    htmlPage(
      reply,
      renderLinkInvalid({
        title: "This link is not valid",
        message:
          "Open the link from the e-mail again, or choose which e-mails you get in your account.",
        actionUrl: settingsUrl,
        actionLabel: "Choose which e-mails you get",
      }),
      404,
    );

  add({
    ...page,
    ...htmlReplies,
    method: "GET",
    url: "/email/unsubscribe",
    summary: "The unsubscribe link of a notification mail: asks to confirm",
    // Any malformed link reads as not valid, not as a form error.
    query: z.record(z.string(), z.unknown()),
    handler: async (request, reply) => {
      const link = ZLink.safeParse(request.query);
      if (!link.success || !ctx.email.signer.verify(link.data.s, link.data.u, link.data.c)) {
        return invalid(reply);
      }
      const action = `/email/unsubscribe?${new URLSearchParams(link.data)}`;
      return htmlPage(
        reply,
        renderUnsubscribeConfirm({ action, what: unsubscribeSubject(link.data.c), settingsUrl }),
      );
    },
  });
  add({
    ...page,
    ...htmlReplies,
    method: "POST",
    url: "/email/unsubscribe",
    summary: "Unsubscribe (the page's button, or a mail client's one-click unsubscribe)",
    query: z.record(z.string(), z.unknown()),
    // A form (the page), "List-Unsubscribe=One-Click" (a mail client) or nothing: the link decides.
    body: z.unknown().optional(),
    handler: async (request, reply) => {
      const link = ZLink.safeParse(request.query);
      if (!link.success) return invalid(reply);
      const done = await unsubscribe(ctx, {
        userId: link.data.u,
        target: link.data.c,
        signature: link.data.s,
      });
      if (!done) return invalid(reply);
      return htmlPage(
        reply,
        renderUnsubscribed({ what: unsubscribeSubject(link.data.c), settingsUrl }),
      );
    },
  });
}
