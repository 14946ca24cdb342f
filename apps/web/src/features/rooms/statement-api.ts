// The hotel service's calls around a block's final statement: the statement (either side), the
// hotel's confirmation of what stayed, the PDF fetched with my token, and the thread between the
// block's two sides (a message may dispute the confirmed statement, the organizer's).
import {
  type TBlockMessage,
  type TBlockMessageInput,
  type TBlockStatement,
  type TStatementConfirm,
  ZBlockMessage,
  ZBlockStatement,
} from "@hostfield/domain/contracts";
import { apiGet, apiGetBlob, apiGetList, apiPost, apiPut } from "../../lib/api";
import { HOTELS_API } from "./rooms-api";

const enc = encodeURIComponent;
const statementUrl = (blockId: string, rest = "") =>
  `${HOTELS_API}/blocks/${enc(blockId)}/statement${rest}`;
const messagesUrl = (blockId: string) => `${HOTELS_API}/blocks/${enc(blockId)}/messages`;

/** Under the blocks' keys: whatever changes a block refreshes its statement too. */
export const statementKeys = {
  statement: (blockId: string) => ["rooms", "blocks", "statement", blockId] as const,
  messages: (blockId: string) => ["rooms", "blocks", "messages", blockId] as const,
};

export function getStatement(blockId: string, signal?: AbortSignal): Promise<TBlockStatement> {
  return apiGet(statementUrl(blockId), { schema: ZBlockStatement, signal });
}

/** The hotel confirms what stayed, every night of the block. */
export function confirmStatement(
  blockId: string,
  body: TStatementConfirm,
): Promise<TBlockStatement> {
  return apiPut(statementUrl(blockId), body, { schema: ZBlockStatement });
}

/** The address of the statement's PDF (fetched with my token, never opened bare). */
export const statementPdfUrl = (blockId: string) => statementUrl(blockId, ".pdf");

export function downloadStatementPdf(blockId: string): Promise<Blob> {
  return apiGetBlob(statementPdfUrl(blockId), { headers: { Accept: "application/pdf" } });
}

export async function listBlockMessages(
  blockId: string,
  signal?: AbortSignal,
): Promise<TBlockMessage[]> {
  const page = await apiGetList(messagesUrl(blockId), { schema: ZBlockMessage, signal });
  return page.items;
}

export function postBlockMessage(
  blockId: string,
  input: TBlockMessageInput,
): Promise<TBlockMessage> {
  return apiPost(messagesUrl(blockId), input, { schema: ZBlockMessage });
}
