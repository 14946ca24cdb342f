// The venue's proposal form without its inputs: the draft they hold (text as typed, files as they
// upload), made from the proposal sent before and back into one checked against ZProposal and the
// rules the server applies (the domain's proposalProblems: a date it can host, dates of the event
// only, an expiry and a deposit due (and refundable until, when it is) today or later, a total
// within PROPOSAL_MAX_TOTAL), with each problem in words beside its field. How a proposal reads is lib/proposal-format.ts; every amount
// and total is the domain's proposalTotals: nothing here adds.
import {
  type PROPOSAL_CURRENCIES,
  type PROPOSAL_LINE_KINDS,
  type PROPOSAL_LINE_UNITS,
  type TProposal,
  type TProposalAttachment,
  ZProposal,
} from "@hostfield/domain/contracts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENT_TYPES_TEXT,
  formatCount,
  PROPOSAL_MAX_ATTACHMENTS,
  PROPOSAL_MAX_CONCESSIONS,
  PROPOSAL_MAX_LINES,
  proposalProblems,
  proposalTotals,
  type TCheckedProposal,
  type TProposalTotals,
} from "@hostfield/domain/rules";

export type TProposalCurrency = (typeof PROPOSAL_CURRENCIES)[number];
type TLineKind = (typeof PROPOSAL_LINE_KINDS)[number];
type TLineUnit = (typeof PROPOSAL_LINE_UNITS)[number];

/** A priced line as its inputs hold it; `key` keeps its inputs its own while lines come and go. */
export type TLineDraft = {
  key: string;
  kind: TLineKind;
  description: string;
  dates: string[];
  quantity: string;
  unit: TLineUnit;
  unitPrice: string;
};

/**
 * A file of the proposal as the form holds it: sent before or uploaded (`attachment`, what the
 * proposal names), on its way (`progress`, 0 to 1), or refused (`problem`, here or by the server).
 */
export type TAttachmentDraft = {
  key: string;
  name: string;
  size: number;
  attachment: TProposalAttachment | null;
  progress: number;
  problem: string | null;
};

/** A proposal as the form's inputs hold it. */
export type TProposalDraft = {
  message: string;
  dates: string[];
  /** The one price of a proposal without lines (the first proposals' only figure). */
  price: string;
  unit: string;
  currency: TProposalCurrency;
  lines: TLineDraft[];
  concessions: { key: string; text: string }[];
  depositPercent: string;
  depositDue: string;
  /** The last day the deposit is refunded in full; "" for a deposit not refundable once paid. */
  depositRefundableUntil: string;
  expiresOn: string;
  attachments: TAttachmentDraft[];
};

let lastKey = 0;
const newKey = () => {
  lastKey += 1;
  return `k${lastKey}`;
};

/** A new line: one space by the day, every day of the event, its price to fill in. */
export function newLine(): TLineDraft {
  return {
    key: newKey(),
    kind: "space",
    description: "",
    dates: [],
    quantity: "1",
    unit: "Per Day",
    unitPrice: "",
  };
}

export const newConcession = () => ({ key: newKey(), text: "" });

/** A file chosen to attach: on its way, or refused before it left (`problem`). */
export const newAttachment = (
  file: Pick<File, "name" | "size">,
  problem: string | null = null,
): TAttachmentDraft => ({
  key: newKey(),
  name: file.name,
  size: file.size,
  attachment: null,
  progress: 0,
  problem,
});

/** What the file input offers: the types a proposal may carry, by extension and content type. */
export const ATTACHMENT_ACCEPT = [
  ...ATTACHMENT_TYPES.map((t) => `.${t.extension}`),
  ".jpeg",
  ...ATTACHMENT_TYPES.map((t) => t.contentType),
].join(",");

const ATTACHMENT_EXTENSIONS = new Set(["jpeg", ...ATTACHMENT_TYPES.map((t) => t.extension)]);
const ATTACHMENT_MB = Math.round(ATTACHMENT_MAX_BYTES / 1024 / 1024);

/** The limits in words, beside the button that adds files. */
export const ATTACHMENT_LIMITS_TEXT = `${ATTACHMENT_TYPES_TEXT} files, up to ${ATTACHMENT_MB} MB each and ${PROPOSAL_MAX_ATTACHMENTS} in all.`;
export const EMPTY_FILE = "This file is empty.";
export const FILE_TOO_LARGE = `This file is larger than ${ATTACHMENT_MB} MB.`;
export const FILE_TYPE_REFUSED = `Attach a ${ATTACHMENT_TYPES_TEXT} file.`;
export const TOO_MANY_FILES = `A proposal carries at most ${PROPOSAL_MAX_ATTACHMENTS} files.`;

/**
 * Why a chosen file cannot go (the server tells the rest by its content): empty, over the size
 * limit, or of a type no proposal carries, by its name or the browser's content type; null: it may.
 */
export function attachmentRefusal(file: Pick<File, "name" | "size" | "type">): string | null {
  if (file.size === 0) return EMPTY_FILE;
  if (file.size > ATTACHMENT_MAX_BYTES) return FILE_TOO_LARGE;
  const extension = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  const typed = ATTACHMENT_TYPES.some((t) => t.contentType === file.type);
  return typed || ATTACHMENT_EXTENSIONS.has(extension) ? null : FILE_TYPE_REFUSED;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** A draft from the proposal sent before; a single-day event starts with its day ticked. */
export function proposalDraft(
  proposal: TProposal | null | undefined,
  days: readonly string[],
): TProposalDraft {
  return {
    message: proposal?.message ?? "",
    dates: proposal?.dates ?? (days.length === 1 ? [...days] : []),
    price: text(proposal?.price),
    unit: proposal?.priceUnit ?? "",
    currency: proposal?.currency ?? "USD",
    lines: (proposal?.lines ?? []).map((line) => ({
      key: newKey(),
      kind: line.kind,
      description: line.description,
      dates: [...line.dates],
      quantity: String(line.quantity),
      unit: line.unit,
      unitPrice: String(line.unitPrice),
    })),
    concessions: (proposal?.concessions ?? []).map((words) => ({ key: newKey(), text: words })),
    depositPercent: text(proposal?.deposit?.percent),
    depositDue: proposal?.deposit?.dueDate ?? "",
    depositRefundableUntil: proposal?.deposit?.refundableUntil ?? "",
    expiresOn: proposal?.expiresOn ?? "",
    attachments: (proposal?.attachments ?? []).map((attachment) => ({
      key: newKey(),
      name: attachment.name,
      size: attachment.size,
      attachment,
      progress: 1,
      problem: null,
    })),
  };
}

/** A number typed, or null for nothing typed (NaN for anything else: the contract refuses both). */
const numberOf = (typed: string): number | null => (typed.trim() === "" ? null : Number(typed));

/** What the draft says, in the contract's shape, for ZProposal to check. */
function proposalInput(draft: TProposalDraft) {
  const priced = draft.lines.length > 0;
  // With lines, the lines make the total: a single price typed before they came is not sent.
  const price = priced ? null : numberOf(draft.price);
  const depositGiven =
    draft.depositPercent.trim() !== "" ||
    draft.depositDue !== "" ||
    draft.depositRefundableUntil !== "";
  return {
    message: draft.message,
    dates: draft.dates,
    price,
    priceUnit: price === null || draft.unit === "" ? null : draft.unit,
    currency: draft.currency,
    lines: draft.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      dates: line.dates,
      quantity: numberOf(line.quantity),
      unit: line.unit,
      unitPrice: numberOf(line.unitPrice),
    })),
    concessions: draft.concessions.map((c) => c.text),
    deposit: depositGiven
      ? {
          percent: numberOf(draft.depositPercent),
          dueDate: draft.depositDue,
          refundableUntil:
            draft.depositRefundableUntil === "" ? null : draft.depositRefundableUntil,
        }
      : null,
    expiresOn: draft.expiresOn === "" ? null : draft.expiresOn,
    attachments: draft.attachments.flatMap((a) => (a.attachment ? [a.attachment] : [])),
  };
}

/**
 * What the rules read of a draft the contract refuses: its dates and terms as typed, its lines
 * without amounts (what they come to is judged once they are numbers).
 */
function datedOnly(draft: TProposalDraft): TCheckedProposal {
  return {
    dates: draft.dates,
    price: null,
    currency: draft.currency,
    lines: draft.lines.map((line) => ({ ...line, quantity: 0, unitPrice: 0 })),
    deposit:
      draft.depositDue === "" && draft.depositRefundableUntil === ""
        ? null
        : {
            dueDate: draft.depositDue,
            refundableUntil:
              draft.depositRefundableUntil === "" ? null : draft.depositRefundableUntil,
          },
    expiresOn: draft.expiresOn === "" ? null : draft.expiresOn,
  };
}

/**
 * Each field's problem, by its path in the proposal: "message", "dates", "price", "currency",
 * "lines" (the list), "lines.0.quantity", "concessions", "concessions.2", "deposit.percent",
 * "deposit.dueDate", "deposit.refundableUntil", "expiresOn", "total" (what the lines come to) and "attachments" (the files).
 */
export type TProposalErrors = Partial<Record<string, string>>;

type TIssue = { code: string; maximum?: unknown };
const most = (issue: TIssue) => formatCount(Number(issue.maximum));

const LINE_WORDS: Record<string, (issue: TIssue) => string> = {
  kind: () => "Pick what the line prices.",
  description: (issue) =>
    issue.code === "too_big"
      ? `Use at most ${most(issue)} characters.`
      : "Describe what the line prices.",
  dates: (issue) =>
    issue.code === "too_big"
      ? `Pick at most ${most(issue)} dates.`
      : "Pick dates of the event only.",
  quantity: (issue) =>
    issue.code === "too_big"
      ? `Enter a quantity of at most ${most(issue)}.`
      : "Enter a quantity above 0.",
  unit: () => "Pick how the unit price counts.",
  unitPrice: (issue) =>
    issue.code === "too_big"
      ? `Enter a unit price of at most ${most(issue)}.`
      : "Enter a unit price of 0 or more.",
};

/** The words for one of ZProposal's issues, at `path`. */
function problemOf(path: readonly PropertyKey[], issue: TIssue): string {
  const [field, index, part] = path;
  switch (field) {
    case "message":
      return issue.code === "too_big"
        ? `Use at most ${most(issue)} characters.`
        : "Write the organizer a few lines about your offer.";
    case "dates":
      return issue.code === "too_big"
        ? `Pick at most ${String(issue.maximum)} dates.`
        : "Pick dates of the event only.";
    case "price":
    case "priceUnit":
      return "Enter a price of 0 or more, or leave it empty.";
    case "currency":
      return "Pick a currency.";
    case "lines":
      if (index === undefined) return `A proposal has at most ${PROPOSAL_MAX_LINES} lines.`;
      return LINE_WORDS[String(part)]?.(issue) ?? "Check this line.";
    case "concessions":
      if (index === undefined) return `List at most ${PROPOSAL_MAX_CONCESSIONS} concessions.`;
      return issue.code === "too_big"
        ? `Use at most ${most(issue)} characters.`
        : "Write the concession, or remove it.";
    case "deposit":
      if (index === "refundableUntil") return "Pick a date, or leave it empty (non-refundable).";
      return index === "dueDate"
        ? "Pick the date the deposit is due."
        : "Enter a deposit of 0 to 100 percent.";
    case "expiresOn":
      return "Pick a date, or leave it empty.";
    case "attachments":
      return index === undefined ? TOO_MANY_FILES : "Remove this file, and attach it again.";
    default:
      return "Check this field.";
  }
}

/**
 * Where a problem shows: its path ("lines.0.quantity"); the price's unit shows with the price, and
 * every file's problem under the files.
 */
const keyOf = (path: readonly PropertyKey[]) => {
  if (path[0] === "price" || path[0] === "priceUnit") return "price";
  if (path[0] === "attachments") return "attachments";
  return path.map(String).join(".");
};

export const FILES_UPLOADING = "Wait until every file is uploaded.";
export const FILES_REFUSED = "Remove the files that could not be attached.";

/**
 * The proposal the draft makes, checked against ZProposal, or each field's problem in words. On top
 * of the contract, the product's rules, the server's own (the domain's proposalProblems, with
 * `today` as YYYY-MM-DD, UTC as the server counts), and its files all uploaded.
 */
export function checkProposal(
  draft: TProposalDraft,
  event: { startDate: string; endDate: string },
  today: string,
): { ok: true; proposal: TProposal } | { ok: false; errors: TProposalErrors } {
  const parsed = ZProposal.safeParse(proposalInput(draft));
  const errors: TProposalErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    errors[keyOf(issue.path)] ??= problemOf(issue.path, issue as TIssue);
  }
  const checked = parsed.success ? parsed.data : datedOnly(draft);
  for (const problem of proposalProblems(checked, event, today)) {
    errors[problem.path] ??= problem.message;
  }
  if (draft.attachments.some((a) => a.problem !== null)) errors.attachments ??= FILES_REFUSED;
  if (draft.attachments.some((a) => a.attachment === null && a.problem === null)) {
    errors.attachments ??= FILES_UPLOADING;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, proposal: parsed.data };
}

/** A line's number as far as it is typed: nothing, or anything but a number, counts as 0. */
const soFar = (typed: string) => {
  const n = numberOf(typed);
  return n !== null && Number.isFinite(n) && n >= 0 ? n : null;
};

export type TDraftTotals = Omit<TProposalTotals, "lines"> & {
  /** Each line's amount, or null while its quantity or unit price is not a number yet. */
  lines: (number | null)[];
};

/**
 * What the draft comes to as it is typed (proposalTotals over `days`): a line still missing its
 * quantity or unit price is left out until it has them; without lines, the one price.
 */
export function draftTotals(draft: TProposalDraft, days: readonly string[]): TDraftTotals {
  const lines = draft.lines.map((line) => {
    const quantity = soFar(line.quantity);
    const unitPrice = soFar(line.unitPrice);
    return quantity === null || unitPrice === null
      ? null
      : { dates: line.dates, unit: line.unit, quantity, unitPrice };
  });
  const complete = lines.filter((line) => line !== null);
  const totals = proposalTotals(
    { price: draft.lines.length > 0 ? null : soFar(draft.price), lines: complete },
    days,
  );
  let next = 0;
  return {
    ...totals,
    lines: lines.map((line) => (line === null ? null : (totals.lines[next++] ?? null))),
  };
}

export const CURRENCY_LABELS: Record<TProposalCurrency, string> = {
  USD: "USD (US dollar)",
  CAD: "CAD (Canadian dollar)",
  MXN: "MXN (Mexican peso)",
  EUR: "EUR (euro)",
  GBP: "GBP (pound sterling)",
};
