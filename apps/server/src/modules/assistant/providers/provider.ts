// The one interface both providers answer through (docs/assistant.md, "Providers"): a tour-guide
// answer, written as it streams, and a draft request for proposals from a description. The built-in
// provider needs no model; the language-model provider falls back to it.
import type {
  TAssistantProvider,
  TCitation,
  TMessageDebug,
  TRfpDraft,
  TSuggestedQuestion,
  TTourGuideInput,
} from "@hostfield/domain/contracts";
import type { TGuideArea } from "../guide/area";

/** An earlier turn of the exchange, as said. */
export type TTurn = { role: "user" | "assistant"; content: string };

/** A question to a destination's guide, with all it may answer from. */
export type TGuideRequest = {
  /** The guide's settings (its name, tone, topics to stress or avoid). */
  guide: TTourGuideInput;
  /** The destination and its area's listings. */
  area: TGuideArea;
  question: string;
  /** Earlier turns of this exchange, oldest first (follow-ups are read against them). */
  history: TTurn[];
  /** Dates the visitor gave with the question, for hotel prices. */
  stay: { checkIn: string; checkOut: string } | null;
  today: string;
};

export type TGuideAnswer = {
  /** The answer's text; `[n]` marks the facts of citation n. */
  content: string;
  citations: TCitation[];
  suggestions: TSuggestedQuestion[];
  /** False when our records could not answer (the text says so). */
  answered: boolean;
  /** The answer offers to message the destination's team. */
  handoff: boolean;
  provider: TAssistantProvider;
  debug: TMessageDebug;
};

export type TRfpRequest = {
  message: string;
  /** The exchange's draft so far: what the message states replaces what is there. */
  previous: TRfpDraft | null;
  today: string;
};

export type TRfpAnswer = {
  draft: TRfpDraft;
  reply: string;
  provider: TAssistantProvider;
  debug: TMessageDebug;
};

export type TProvider = {
  name: TAssistantProvider;
  /** Answers the question; `onDelta` gets the answer's text as it is written, in order. */
  answer(
    request: TGuideRequest,
    onDelta: (text: string) => void,
    signal: AbortSignal,
  ): Promise<TGuideAnswer>;
  draftRfp(request: TRfpRequest, signal: AbortSignal): Promise<TRfpAnswer>;
};
