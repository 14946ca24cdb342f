// The RFP assistant's calls (assistant service): reading a description of an event into a draft
// request for proposals, or a correction of it in the same exchange; and the questions a draft
// still needs. Replies are checked against the domain contracts.
import {
  type TRfpAsk,
  type TRfpQuestion,
  type TRfpReply,
  ZRfpQuestion,
  ZRfpReply,
} from "@hostfield/domain/contracts";
import { apiGetList, apiPost } from "../../lib/api";

export const RFP_ASSISTANT_PATH = "/assistant-mgmt/api/assistants/rfp";
export const RFP_QUESTIONS_PATH = `${RFP_ASSISTANT_PATH}/questions`;

export const rfpAssistantKeys = {
  all: ["assistant", "rfp"] as const,
  /** The questions still open: an exchange's, or (null) the ones to start with. */
  questions: (exchangeId: string | null) =>
    ["assistant", "rfp", "questions", exchangeId ?? "opening"] as const,
};

/**
 * Reads a description (no `exchangeId`: a new exchange) or a correction (the exchange's id: the
 * reply's draft is the draft so far with what the message states put in).
 */
export function askRfpAssistant(ask: TRfpAsk, signal?: AbortSignal): Promise<TRfpReply> {
  return apiPost(RFP_ASSISTANT_PATH, ask, { schema: ZRfpReply, signal });
}

/** The questions an exchange's draft still needs; without an exchange, the opening ones. */
export async function getRfpQuestions(
  exchangeId: string | null,
  signal?: AbortSignal,
): Promise<TRfpQuestion[]> {
  const found = await apiGetList(RFP_QUESTIONS_PATH, {
    query: { context: exchangeId ?? undefined },
    schema: ZRfpQuestion,
    signal,
  });
  return found.items;
}
