// Several new accounts at once, each signed in on a page of its own, for a journey with many
// people: the sign-ups one after another (each reads its mail from the server's database, whose
// socket takes only a couple of connections beside the server's own), then the log-ins and their
// pages together (the pages' loading is most of a sign-in's time).
import type { Page } from "@playwright/test";
import { injectSession, logInByHttp, signUpByHttp } from "./session";

/** Each account signed up, verified and logged in over HTTP, its session put into its page. */
export async function signedInTogether(
  accounts: readonly { page: Page; name: string; email: string }[],
): Promise<void> {
  for (const { name, email } of accounts) await signUpByHttp({ name, email });
  await Promise.all(
    accounts.map(async ({ page, email }) => injectSession(page, await logInByHttp(email))),
  );
}
