// The stories module (`/story-mgmt/api`): articles about destinations, venues and events, written
// in Markdown by admins and by the managers of the listings they are about, published when an
// admin approves them; the reports module counts their views.
import { anyone } from "../../platform/files/media";
import type { TPrincipal } from "../../platform/http/access";
import { defineModule } from "../../platform/module";
import * as repo from "./repository";
import { storyRoutes } from "./routes";
import { storyReportSubject, type TStoriesContext } from "./service";

export type TStoriesServices = {
  /** Which of `ids` are stories. */
  storyIds: (ids: readonly string[]) => Promise<Set<string>>;
  /** The story whose report the caller may read (its author, admins), or the refusal (404, 403). */
  reportSubject: (id: string, principal: TPrincipal) => Promise<{ id: string; name: string }>;
};

declare module "../../platform/module" {
  interface TModuleServices {
    stories: TStoriesServices;
  }
}

export const storiesModule = defineModule({
  name: "stories",
  context: (platform, services): TStoriesContext => ({
    db: platform.db,
    files: platform.files,
    events: platform.events,
    now: platform.now,
    // Read when called: both register before any request arrives, in whatever order.
    profiles: () => services.profiles,
    users: () => services.users,
  }),
  // A story's pictures (routes.ts), as its pages show them.
  setup: (_ctx, _platform, app) => app.media.folder("stories/", anyone),
  routes: [[storyRoutes, { prefix: "/story-mgmt/api" }]],
  services: (ctx): TStoriesServices => ({
    storyIds: (ids) => repo.existingStoryIds(ctx.db, ids),
    reportSubject: (id, principal) => storyReportSubject(ctx, id, principal),
  }),
});
