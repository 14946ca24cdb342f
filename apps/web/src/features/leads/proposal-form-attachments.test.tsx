import {
  NO_PROPOSAL_TERMS,
  type TLead,
  type TProposal,
  type TProposalAttachment,
} from "@hostfield/domain/contracts";
import { PROPOSAL_MAX_ATTACHMENTS } from "@hostfield/domain/rules";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { stubUploads } from "../../test/upload-stub";
import {
  ATTACHMENT_LIMITS_TEXT,
  EMPTY_FILE,
  FILES_REFUSED,
  FILES_UPLOADING,
  TOO_MANY_FILES,
} from "./proposal-form-rules";
import {
  acceptMove,
  buildLead,
  buildRequest,
  leadsHandlers,
  leadsWorld,
  leadUrl,
  NOW,
  testUuid,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW)); // today is 2025-03-12
});

afterEach(() => {
  vi.useRealTimers();
});

const openLead = () =>
  buildLead({
    event: { name: "Spring Hoops Classic", startDate: "2025-06-06", endDate: "2025-06-08" },
    request: buildRequest(),
  });

const interested = (lead: TLead, proposal: TProposal): TLead => ({
  ...lead,
  status: "Interested",
  proposal: { ...proposal, submittedDate: NOW },
  groupId: testUuid(9999),
  firstResponseDate: NOW,
  updatedDate: NOW,
});

const attachment = (n: number, over: Partial<TProposalAttachment> = {}): TProposalAttachment => ({
  id: testUuid(7000 + n),
  name: `file-${n}.pdf`,
  size: 2048 * n,
  contentType: "application/pdf",
  ...over,
});

const PROPOSAL: TProposal = {
  message: "Floor plan attached.",
  dates: ["2025-06-07"],
  price: null,
  priceUnit: null,
  ...NO_PROPOSAL_TERMS,
};

const pdf = (name: string, bytes = 1500) =>
  new File(["%PDF-1.7".padEnd(bytes, " ")], name, { type: "application/pdf" });

async function openDialog(lead: TLead, button = "Respond with a proposal") {
  const state = leadsWorld({ leads: [lead] });
  serveBase(...leadsHandlers(state));
  const rendered = await renderApp({
    path: `/leads/${lead.eventId}/${lead.id}`,
    auth: buildSignedInAuth(),
  });
  const status = within(await screen.findByRole("region", { name: "Status" }));
  await rendered.user.click(await status.findByRole("button", { name: button }));
  const dialog = within(await screen.findByRole("dialog"));
  const files = () => within(dialog.getByRole("region", { name: "Attachments" }));
  const chooser = () => dialog.getByLabelText("Files to attach") as HTMLInputElement;
  return { ...rendered, state, dialog, files, chooser };
}

describe("the proposal form's attachments", () => {
  it("uploads each file as it is added, shows its progress, and sends the proposal naming it", async () => {
    const lead = openLead();
    const stored = attachment(1, { name: "floor-plan.pdf", size: 1500 });
    const uploads = stubUploads(() => stored);
    const { dialog, files, chooser, user, state } = await openDialog(lead);
    server.use(acceptMove(state, interested(lead, { ...PROPOSAL, attachments: [stored] })));
    expect(
      files().getByText(new RegExp(ATTACHMENT_LIMITS_TEXT.replace(/[.]/g, "\\."))),
    ).toBeTruthy();

    await user.click(dialog.getByRole("textbox", { name: "Message" }));
    await user.paste("Floor plan attached.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));
    await user.upload(chooser(), pdf("floor-plan.pdf"));

    // On its way at once, to the lead's files, with its progress.
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]?.method).toBe("POST");
    expect(uploads.sent[0]?.url).toMatch(
      new RegExp(`^/event-mgmt/api/events/${lead.eventId}/leads/${lead.id}/attachments\\?`),
    );
    expect((uploads.sent[0]!.body.get("file") as File).name).toBe("floor-plan.pdf");
    const list = within(files().getByRole("list", { name: "Attached files" }));
    expect(list.getByText("floor-plan.pdf")).toBeTruthy();
    await list.findByText("1 KB · Uploading… 50%");
    expect(
      list
        .getByRole("progressbar", { name: "Uploading floor-plan.pdf" })
        .getAttribute("aria-valuenow"),
    ).toBe("50");

    // Sending waits for it.
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));
    expect(files().getByText(FILES_UPLOADING)).toBeTruthy();
    expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(0);

    act(() => uploads.pending.finish?.());
    await list.findByText("1 KB · Attached");
    expect(list.queryByRole("progressbar")).toBeNull();
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));
    await waitFor(() => expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1));
    expect(sent.to(leadUrl(lead), "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      { op: "replace", path: "/proposal", value: { ...PROPOSAL, attachments: [stored] } },
    ]);
    expect(await screen.findByText("Proposal sent for Spring Hoops Classic.")).toBeTruthy();
    // No longer shared as files of the conversation: the proposal carries them.
    expect(uploads.sent).toHaveLength(1);
  });

  it("refuses a file beside itself (here or by the server), and lets it be removed", async () => {
    const lead = openLead();
    const uploads = stubUploads(() => attachment(2));
    const { dialog, files, chooser, user } = await openDialog(lead);
    await user.click(dialog.getByRole("textbox", { name: "Message" }));
    await user.paste("Two files.");
    await user.click(dialog.getByRole("checkbox", { name: "Sat, Jun 7th, 2025" }));

    // Empty: refused here, never sent.
    await user.upload(chooser(), new File([], "empty.pdf", { type: "application/pdf" }));
    const list = within(files().getByRole("list", { name: "Attached files" }));
    expect(list.getByText(EMPTY_FILE)).toBeTruthy();
    expect(list.getByText("0 B · Not attached")).toBeTruthy();
    expect(uploads.sent).toHaveLength(0);
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));
    expect(files().getByRole("alert").textContent).toBe(FILES_REFUSED);
    expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(0);

    // Removing it gives the focus back to the button that adds files.
    await user.click(list.getByRole("button", { name: "Remove empty.pdf" }));
    expect(files().queryByRole("list", { name: "Attached files" })).toBeNull();
    expect(document.activeElement).toBe(files().getByRole("button", { name: "Add files" }));

    // The server refuses this one by its content: its words show beside it.
    await user.upload(chooser(), pdf("renamed.pdf"));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const refusal =
      "Attach a PDF, PNG, JPEG, WebP, Word or Excel file (docx, xlsx); this one is none of these, or is empty.";
    act(() => uploads.pending.fail?.(415, "UNSUPPORTED_FILE_TYPE", refusal));
    const again = within(files().getByRole("list", { name: "Attached files" }));
    expect(await again.findByText(refusal)).toBeTruthy();
    expect(again.getByText("1 KB · Not attached")).toBeTruthy();
    await user.click(again.getByRole("button", { name: "Remove renamed.pdf" }));
    await user.click(dialog.getByRole("button", { name: "Send proposal" }));
    await waitFor(() => expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1));
    expect(sent.to(leadUrl(lead), "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/status", value: "Interested" },
      {
        op: "replace",
        path: "/proposal",
        value: { ...PROPOSAL, message: "Two files.", attachments: [] },
      },
    ]);
  });

  it("keeps a revision's files, removes one, and stops at the most a proposal carries", async () => {
    const nine = Array.from({ length: PROPOSAL_MAX_ATTACHMENTS - 1 }, (_, i) => attachment(i + 1));
    const lead = interested(openLead(), { ...PROPOSAL, attachments: nine });
    const uploads = stubUploads(() => attachment(10));
    const { dialog, files, chooser, user, state } = await openDialog(lead, "Update proposal");
    server.use(acceptMove(state, lead));
    const list = () => within(files().getByRole("list", { name: "Attached files" }));
    expect(list().getAllByRole("listitem")).toHaveLength(9);
    expect(list().getByText("file-3.pdf")).toBeTruthy();
    expect(list().getByText("6 KB · Attached")).toBeTruthy();

    // Two chosen, one room left: the second is left out, and the button stops.
    await user.upload(chooser(), [pdf("tenth.pdf"), pdf("eleventh.pdf")]);
    expect(files().getByRole("alert").textContent).toBe(`${TOO_MANY_FILES} One file was left out.`);
    expect(list().getAllByRole("listitem")).toHaveLength(10);
    expect(list().queryByText("eleventh.pdf")).toBeNull();
    expect(files().getByRole("button", { name: "Add files" })).toHaveProperty("disabled", true);
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    act(() => uploads.pending.finish?.());
    await list().findByText("20 KB · Attached");

    await user.click(list().getByRole("button", { name: "Remove file-3.pdf" }));
    expect(files().getByRole("button", { name: "Add files" })).toHaveProperty("disabled", false);
    await user.click(dialog.getByRole("button", { name: "Update proposal" }));
    await waitFor(() => expect(sent.to(leadUrl(lead), "PATCH")).toHaveLength(1));
    const [patch] = sent.to(leadUrl(lead), "PATCH")[0]!.body as [{ value: TProposal }];
    expect(patch.value.attachments.map((a) => a.name)).toEqual([
      "file-1.pdf",
      "file-2.pdf",
      "file-4.pdf",
      "file-5.pdf",
      "file-6.pdf",
      "file-7.pdf",
      "file-8.pdf",
      "file-9.pdf",
      "file-10.pdf",
    ]);
  });

  it("opens the file chooser from the keyboard, offering only the types a proposal carries", async () => {
    const lead = openLead();
    const { files, chooser, user } = await openDialog(lead);
    const input = chooser();
    expect(input.getAttribute("accept")?.split(",")).toEqual(
      expect.arrayContaining([".pdf", ".png", ".jpg", ".jpeg", ".webp", ".docx", ".xlsx"]),
    );
    expect(input.multiple).toBe(true);
    const opened = vi.spyOn(input, "click");
    files().getByRole("button", { name: "Add files" }).focus();
    await user.keyboard("{Enter}");
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
