// The assistant module (`/assistant-mgmt/api`, and a destination's `/tour-guide` settings under
// `/destination-mgmt/api`): a destination's tour guide that answers visitors from our records,
// citing each listing it uses, and the RFP assistant that reads a description into a draft request.
// The built-in provider needs no model; with ASSISTANT_BASE_URL a language model answers, falling
// back to the built-in one. Exchanges are kept with their messages and ratings (docs/assistant.md).
import { resolveSecretKey } from "../../platform/crypto/secret-box";
import { keyedSigner } from "../../platform/crypto/signer";
import { defineModule, withServices } from "../../platform/module";
import { assistantRoutes } from "./assistant-routes";
import type { TAssistantContext } from "./context";
import { exchangeRoutes } from "./exchange-routes";
import { guideRoutes } from "./guide-routes";
import { pruneQuestionCounts } from "./limits";
import { embeddedProvider } from "./providers/embedded";
import { llmProvider } from "./providers/llm/guide";

export const assistantModule = defineModule({
  name: "assistant",
  context: (platform, services) => {
    const { config } = platform;
    const ctx: TAssistantContext = withServices(
      services,
      ["profiles", "stays", "groups", "users"],
      {
        db: platform.db,
        geocode: platform.geocode,
        now: platform.now,
        log: platform.log,
        exchangeKeys: keyedSigner(
          resolveSecretKey(config.secretKey, config.dataDir),
          "assistant-exchange",
        ),
        limits: {
          perUserPerHour: config.assistant.perUserPerHour,
          perAddressPerHour: config.assistant.perAddressPerHour,
        },
        // Set below: the providers answer through this same context.
        provider: undefined as never,
      },
    );
    ctx.provider = config.assistant.llm
      ? llmProvider(ctx, config.assistant.llm, embeddedProvider(ctx))
      : embeddedProvider(ctx);
    return ctx;
  },
  setup: (ctx, platform) => {
    platform.jobs.every("assistant.prune-limits", "41 * * * *", () => pruneQuestionCounts(ctx));
  },
  routes: [
    [guideRoutes, { prefix: "/destination-mgmt/api" }],
    [assistantRoutes, { prefix: "/assistant-mgmt/api" }],
    [exchangeRoutes, { prefix: "/assistant-mgmt/api" }],
  ],
});
