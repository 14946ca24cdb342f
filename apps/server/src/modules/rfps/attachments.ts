// A proposal's files (a floor plan, a rate sheet, photos): uploaded to the lead by those who answer
// it, kept in the file store under leads/<leadId>/<id>.<ext> (which /media never serves), named in
// the proposal by id, checked against the lead's uploads when the proposal is sent, and served to
// the lead's two sides once a version of its proposal carries them. What a proposal may carry
// (types, size, how many) is the domain's (rules/proposals.ts).
import { randomUUID } from "node:crypto";
import type { TProposal, TProposalAttachment } from "@hostfield/domain/contracts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES_TEXT,
  attachmentType,
  type TAttachmentContentType,
} from "@hostfield/domain/rules";
import type { FastifyRequest } from "fastify";
import type { TStoredFile } from "../../platform/files/store";
import { cleanDisplayName, readUpload, type TUpload } from "../../platform/files/upload";
import { AppError, badRequest, notFound } from "../../platform/http/errors";
import type { TLeadAccess } from "./access";
import type { TRfpsContext } from "./context";
import * as repo from "./repository/leads";

/** The file store's folder of every lead's files (one folder per lead below it). */
export const LEAD_FILE_FOLDER = "leads";

const keyOf = (leadId: string, attachment: Pick<TProposalAttachment, "id" | "contentType">) =>
  `${LEAD_FILE_FOLDER}/${leadId}/${attachment.id}.${attachmentType(attachment.contentType)?.extension ?? "bin"}`;

const MB = Math.round(ATTACHMENT_MAX_BYTES / 1024 / 1024);
const tooLarge = () =>
  new AppError("FILE_TOO_LARGE", 413, `An attachment is ${MB} MB at most; this file is larger.`);
const notAllowed = () =>
  new AppError(
    "UNSUPPORTED_FILE_TYPE",
    415,
    `Attach a ${ATTACHMENT_TYPES_TEXT} file (docx, xlsx); this one is none of these, or is empty.`,
  );

/**
 * The one file of the request (multipart field `file`), vetted by content as every upload is
 * (readUpload), then held to what a proposal may carry. Refusals: 415 UNSUPPORTED_MEDIA_TYPE (not
 * multipart), 400 FILE_MISSING, 400 UNSAFE_FILE_NAME, 413 FILE_TOO_LARGE (over 10 MB), 415
 * UNSUPPORTED_FILE_TYPE (another type, or nothing in it), and readUpload's image and archive
 * refusals (413/415). Nothing is stored before all of them passed.
 */
async function readAttachment(request: FastifyRequest): Promise<TUpload> {
  const upload = await readUpload(request, "document").catch((error: unknown) => {
    // Its limits are every document's (25 MB, images 15 MB); an attachment's are smaller.
    if (error instanceof AppError && error.code === "FILE_TOO_LARGE") throw tooLarge();
    if (error instanceof AppError && error.code === "UNSUPPORTED_FILE_TYPE") throw notAllowed();
    throw error;
  });
  if (!attachmentType(upload.contentType)) throw notAllowed();
  if (upload.size > ATTACHMENT_MAX_BYTES) throw tooLarge();
  return upload;
}

/** Stores the request's file for the lead's proposal; answers what the proposal names it by. */
export async function uploadAttachment(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  request: FastifyRequest,
): Promise<TProposalAttachment> {
  const upload = await readAttachment(request);
  const attachment: TProposalAttachment = {
    id: randomUUID(),
    name: upload.displayName,
    size: upload.size,
    contentType: upload.contentType as TAttachmentContentType,
  };
  await ctx.files.put(keyOf(granted.lead.id, attachment), upload.body);
  return attachment;
}

/** The stored file's size, or null when the lead has no such upload; its bytes are not read. */
async function storedSize(ctx: TRfpsContext, leadId: string, attachment: TProposalAttachment) {
  const stored = await ctx.files.get(keyOf(leadId, attachment));
  if (!stored) return null;
  stored.stream.on("error", () => {});
  stored.stream.destroy();
  return stored.size;
}

/**
 * The proposal with each attachment as uploaded to this lead (its size as stored, its name fit for
 * display); 400 ATTACHMENT_UNKNOWN, naming them, for ids that were not uploaded to this lead (to
 * another lead, never, or with another type than the upload's) or whose file is gone.
 */
export async function checkAttachments(
  ctx: TRfpsContext,
  leadId: string,
  proposal: TProposal,
): Promise<TProposal> {
  const sizes = await Promise.all(proposal.attachments.map((a) => storedSize(ctx, leadId, a)));
  const unknown = proposal.attachments.filter((_, i) => sizes[i] === null);
  if (unknown.length > 0) {
    throw badRequest(
      "ATTACHMENT_UNKNOWN",
      `Upload each file to this lead before you send the proposal; ${unknown.map((a) => `"${a.name}"`).join(", ")} ${unknown.length === 1 ? "was" : "were"} not uploaded here.`,
      { ids: unknown.map((a) => a.id) },
    );
  }
  return {
    ...proposal,
    attachments: proposal.attachments.map((a, i) => ({
      ...a,
      name: cleanDisplayName(a.name),
      size: sizes[i]!,
    })),
  };
}

/**
 * One of the lead's attachments with its file, for someone who may read the lead: only one a
 * version of its proposal carries (an upload not sent yet is the venue's alone), else 404.
 */
export async function readAttachmentFile(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  attachmentId: string,
): Promise<{ attachment: TProposalAttachment; file: TStoredFile }> {
  const versions = await repo.listProposalVersions(ctx.db, granted.lead.id);
  const attachment = versions
    .flatMap((v) => v.proposal.attachments ?? [])
    .find((a) => a.id === attachmentId);
  const file = attachment ? await ctx.files.get(keyOf(granted.lead.id, attachment)) : null;
  if (!attachment || !file) throw notFound("The attachment");
  return { attachment, file };
}

/**
 * `attachment; filename="…"` for a name: plain ASCII in `filename` (anything else, quotes and
 * backslashes as `_`), the name itself in `filename*` (RFC 6266).
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
