import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { TestProviders } from "../../test/render-app";
import type { TConfirmOptions, TConfirmResult } from "./confirm-options";
import { type TConfirm, useConfirm } from "./confirm-provider";

function Asker({
  options,
  onResult,
  onConfirm,
}: {
  options?: TConfirmOptions;
  onResult: (result: TConfirmResult) => void;
  onConfirm?: (confirm: TConfirm) => void;
}) {
  const confirm = useConfirm();
  onConfirm?.(confirm);
  return (
    <button type="button" onClick={() => void confirm(options).then(onResult)}>
      Delete listing
    </button>
  );
}

function Harness(props: { options?: TConfirmOptions; onResult: (result: TConfirmResult) => void }) {
  const [mounted, setMounted] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setMounted(false)}>
        Leave page
      </button>
      {mounted ? <Asker {...props} /> : null}
    </>
  );
}

function setup(options?: TConfirmOptions) {
  const onResult = vi.fn<(result: TConfirmResult) => void>();
  const user = userEvent.setup();
  render(
    <TestProviders>
      <Harness options={options} onResult={onResult} />
    </TestProviders>,
  );
  const open = async () => {
    await user.click(screen.getByRole("button", { name: "Delete listing" }));
    return within(await screen.findByRole("dialog"));
  };
  return { user, onResult, open };
}

async function expectClosedWith(onResult: ReturnType<typeof vi.fn>, result: TConfirmResult) {
  await waitFor(() => expect(onResult).toHaveBeenCalledWith(result));
  expect(onResult).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

describe("confirmation dialog", () => {
  it("uses the defaults: 'Are you sure?', Cancel first, then Ok", async () => {
    const { open } = setup();
    const dialog = await open();
    expect(dialog.getByRole("heading", { name: "Are you sure?" })).toBeTruthy();
    expect(dialog.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Cancel",
      "Ok",
    ]);
  });

  it("ends as confirmed", async () => {
    const { user, onResult, open } = setup({
      title: "Delete this listing?",
      confirmText: "Delete",
    });
    const dialog = await open();
    expect(dialog.getByRole("heading", { name: "Delete this listing?" })).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Delete" }));
    await expectClosedWith(onResult, "confirmed");
  });

  it("ends as cancelled", async () => {
    const { user, onResult, open } = setup({ cancelText: "Keep it" });
    const dialog = await open();
    await user.click(dialog.getByRole("button", { name: "Keep it" }));
    await expectClosedWith(onResult, "cancelled");
  });

  it("ends as closed on Escape", async () => {
    const { user, onResult, open } = setup();
    await open();
    await user.keyboard("{Escape}");
    await expectClosedWith(onResult, "closed");
  });

  it("ends as closed on a backdrop click", async () => {
    const { user, onResult, open } = setup();
    await open();
    const container = document.querySelector(".MuiDialog-container");
    expect(container).not.toBeNull();
    await user.click(container as HTMLElement);
    await expectClosedWith(onResult, "closed");
  });

  it("ends as unmounted when its owner goes away", async () => {
    const { onResult, open } = setup();
    await open();
    // The modal dialog hides the page from pointer and keyboard, but its owner can still go
    // away underneath it (a redirect, a real-time update); a programmatic click stands in.
    const leave = screen.getByRole("button", { name: "Leave page", hidden: true });
    act(() => leave.click());
    await expectClosedWith(onResult, "unmounted");
  });

  it("enables Confirm only after the keyword is typed", async () => {
    const { user, onResult, open } = setup({ keyword: "DELETE", confirmText: "Delete" });
    const dialog = await open();
    const confirm = dialog.getByRole("button", { name: "Delete" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    const input = dialog.getByRole("textbox", { name: 'Type "DELETE" to confirm' });
    await user.type(input, "DELET");
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.type(input, "E");
    expect(confirm.hasAttribute("disabled")).toBe(false);
    await user.click(confirm);
    await expectClosedWith(onResult, "confirmed");
  });

  it("enables Confirm only after the acknowledgement is ticked", async () => {
    const { user, onResult, open } = setup({
      acknowledgement: "I understand this cannot be undone",
    });
    const dialog = await open();
    const confirm = dialog.getByRole("button", { name: "Ok" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.click(dialog.getByRole("checkbox", { name: "I understand this cannot be undone" }));
    expect(confirm.hasAttribute("disabled")).toBe(false);
    await user.click(dialog.getByRole("checkbox", { name: "I understand this cannot be undone" }));
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.click(dialog.getByRole("checkbox", { name: "I understand this cannot be undone" }));
    await user.click(confirm);
    await expectClosedWith(onResult, "confirmed");
  });

  it.each([null, "", false])(
    "an empty acknowledgement (%j) asks for no checkbox and leaves Confirm enabled",
    async (acknowledgement) => {
      const { user, onResult, open } = setup({ acknowledgement });
      const dialog = await open();
      expect(dialog.queryByRole("checkbox")).toBeNull();
      const confirm = dialog.getByRole("button", { name: "Ok" });
      expect(confirm.hasAttribute("disabled")).toBe(false);
      await user.click(confirm);
      await expectClosedWith(onResult, "confirmed");
    },
  );

  it("starts fresh each time: the keyword typed last time is gone", async () => {
    const { user, open } = setup({ keyword: "DELETE" });
    let dialog = await open();
    await user.type(dialog.getByRole("textbox"), "DELETE");
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    dialog = await open();
    expect((dialog.getByRole("textbox") as HTMLInputElement).value).toBe("");
    expect(dialog.getByRole("button", { name: "Ok" }).hasAttribute("disabled")).toBe(true);
  });

  it("paints a danger confirm button red", async () => {
    const { open } = setup({ confirmButtonType: "danger", confirmText: "Delete" });
    const dialog = await open();
    expect(dialog.getByRole("button", { name: "Delete" }).className).toContain("colorError");
  });

  it("throws on an unsupported button type", () => {
    let confirm: TConfirm | undefined;
    render(
      <TestProviders>
        <Asker onResult={() => {}} onConfirm={(fn) => (confirm = fn)} />
      </TestProviders>,
    );
    expect(confirm).toBeDefined();
    expect(() => confirm?.({ confirmButtonType: "sparkly" as never })).toThrow(
      'Unsupported confirmation button type "sparkly"; use one of: primary, danger.',
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
