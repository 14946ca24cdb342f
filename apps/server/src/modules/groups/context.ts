// What the groups module's services are given (its context) and what a caller holds once the
// group's policy has let them in (its access). Kept apart so the services can share them freely.

import type { TGroupAbility } from "@hostfield/domain/contracts";
import type { TDb } from "../../platform/db/database";
import type { TEventBus } from "../../platform/events/bus";
import type { TFileStore } from "../../platform/files/store";
import type { TFileLinks } from "./file-links";
import type { TGroupRow } from "./repository/groups";
import type { TMemberRow } from "./repository/members";

export type TGroupsContext = {
  db: TDb;
  files: TFileStore;
  events: TEventBus;
  userExists: (id: string) => Promise<boolean>;
  /** The account with this e-mail address, or null (the users module's). */
  findUserIdByEmail: (email: string) => Promise<string | null>;
  /** Who shares a listing with a user, by a piece of their name (the profiles module's). */
  listingCoMembers: (
    userId: string,
    text: string,
    limit: number,
  ) => Promise<{ userId: string; listings: string[] }[]>;
  /** Links to the group's files, signed for one member. */
  fileLinks: TFileLinks;
};

export type TGroupAccess = {
  group: TGroupRow;
  membership: TMemberRow | undefined;
  abilities: TGroupAbility[];
};
