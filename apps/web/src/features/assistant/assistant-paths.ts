// The assistant's addresses (the API's and the pages'), its query keys, and the link a
// destination's manage menu offers to its tour-guide settings. Types only from the contracts: the
// destination page and the manage menu import this, and neither should bring zod along.
import type { TExchangeFilter } from "@hostfield/domain/contracts";

const enc = encodeURIComponent;

export const ASSISTANT_API = "/assistant-mgmt/api";
const DESTINATIONS_API = "/destination-mgmt/api/destinations";

/** `GET|POST /destination-mgmt/api/destinations/{id}/tour-guide`. */
export const tourGuideUrl = (destinationId: string) =>
  `${DESTINATIONS_API}/${enc(destinationId)}/tour-guide`;
/** `PATCH|DELETE …/tour-guide/{guideId}`. */
export const configuredGuideUrl = (destinationId: string, guideId: string) =>
  `${tourGuideUrl(destinationId)}/${enc(guideId)}`;

/** Asking: `POST /assistant-mgmt/api/assistants/destinations/{destId}/tour-guide`. */
export const askGuideUrl = (destinationId: string) =>
  `${ASSISTANT_API}/assistants/destinations/${enc(destinationId)}/tour-guide`;
export const guideQuestionsUrl = (destinationId: string) =>
  `${askGuideUrl(destinationId)}/questions`;
export const followUpsUrl = (destinationId: string, exchangeId: string) =>
  `${askGuideUrl(destinationId)}/${enc(exchangeId)}/questions`;

export const EXCHANGES_URL = `${ASSISTANT_API}/exchanges`;
export const ALL_EXCHANGES_SEARCH_URL = `${EXCHANGES_URL}/search`;
export const MY_EXCHANGES_SEARCH_URL = `${EXCHANGES_URL}/my/search`;
export const destinationExchangesSearchUrl = (destinationId: string) =>
  `${EXCHANGES_URL}/destinations/${enc(destinationId)}/search`;
export const exchangeUrl = (exchangeId: string) => `${EXCHANGES_URL}/${enc(exchangeId)}`;
export const exchangeMessagesUrl = (exchangeId: string) => `${exchangeUrl(exchangeId)}/messages`;
export const feedbackUrl = (exchangeId: string, messageId: string) =>
  `${exchangeMessagesUrl(exchangeId)}/${enc(messageId)}/feedback`;
export const handoffUrl = (exchangeId: string) => `${exchangeUrl(exchangeId)}/handoff`;

/** The header a visitor who is not signed in reads and continues their exchange with. */
export const EXCHANGE_KEY_HEADER = "X-Exchange-Key";

/** Who is looking: the guide's `manage` part and my exchanges differ per viewer. */
export type TViewer = string;

/** The exchange lists: mine with one destination, a destination's, every one (admins). */
export type TExchangeScope =
  | { scope: "mine"; destinationId: string }
  | { scope: "destination"; destinationId: string }
  | { scope: "all" };

export const assistantKeys = {
  all: ["assistant"] as const,
  guide: (destinationId: string, viewer: TViewer) =>
    ["assistant", "guide", destinationId, viewer] as const,
  questions: (destinationId: string) => ["assistant", "questions", destinationId] as const,
  followUps: (exchangeId: string) => ["assistant", "follow-ups", exchangeId] as const,
  /** Every list of exchanges starts with this. */
  exchanges: ["assistant", "exchanges"] as const,
  exchangeList: (scope: TExchangeScope, filter: TExchangeFilter, viewer: TViewer) =>
    ["assistant", "exchanges", scope, filter, viewer] as const,
  messages: (exchangeId: string, viewer: TViewer) =>
    ["assistant", "messages", exchangeId, viewer] as const,
};

// ---- pages ----

/** The destination's tour-guide settings: `/destinations/{id}/tour-guide`. */
export function tourGuideSettingsPath(destinationId: string): string {
  return `/destinations/${enc(destinationId)}/tour-guide`;
}

export type TAssistantManageLink = { label: string; to: string };

/** What a destination's manage menu offers those who may update it: its tour guide's settings. */
export function assistantManageLinks(
  kind: string,
  id: string,
  canManage: boolean,
): TAssistantManageLink[] {
  if (!canManage || kind !== "destination") return [];
  return [{ label: "Tour guide", to: tourGuideSettingsPath(id) }];
}
