import { ZUserProfile } from "@hostfield/domain/contracts";
import { ACCOUNT_TYPES } from "@hostfield/domain/reference";
import { act, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildProfile, buildSignedInAuth } from "../../test/factories";
import { dataOf, dataReply, errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { stubUploads } from "../../test/upload-stub";
import { myInvitationHandlers } from "../profiles/testing";
import { ACCOUNT_DELETED, DELETE_KEYWORD, VISIBILITY_LABEL } from "./account-page";
import { PHOTO_UPDATED } from "./avatar-editor";
import { PROFILE_SAVED } from "./profile-form";
import { notificationPreferenceHandlers } from "./testing";

const profile = buildProfile({ name: "Jordan Lee", accountType: "Event Organizer" });
const USER_PATH = `/user-mgmt/api/users/${profile.id}`;

function userReply(changes: Partial<typeof profile> = {}) {
  return dataReply(ZUserProfile, { ...profile, ...changes });
}

async function renderAccount(overrides: Parameters<typeof buildSignedInAuth>[0] = {}) {
  const auth = buildSignedInAuth({ profile, ...overrides });
  const rendered = await renderApp({ path: "/account", auth });
  const main = within(screen.getByRole("main"));
  return { ...rendered, auth, main };
}

beforeEach(() => {
  // The Invitations section asks for mine: none here (account-invitations.test.tsx has them).
  serveBase(...notificationPreferenceHandlers());
  serveBase(...myInvitationHandlers({ myInvitations: [] }));
});

afterEach(() => {
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

describe("/account", () => {
  it("shows the signed-in user with labelled fields and initials without a photo", async () => {
    const { main } = await renderAccount();
    expect((main.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe(
      "Jordan Lee",
    );
    const select = main.getByRole("combobox", { name: "Account type" }) as HTMLSelectElement;
    expect(select.value).toBe("Event Organizer");
    expect(Array.from(select.options).map((option) => option.value)).toEqual([...ACCOUNT_TYPES]);
    expect(main.getByText(profile.email)).toBeTruthy();
    expect(main.getByText("JL")).toBeTruthy();
    expect(main.getByRole("switch", { name: VISIBILITY_LABEL })).toBeTruthy();
    expect(main.getByLabelText("Choose a profile photo")).toBeTruthy();
  });

  it("Save is disabled until something changed, then sends exactly the changes as a JSON Patch", async () => {
    server.use(
      http.patch(USER_PATH, () => userReply({ name: "Jordan Lee-Park", accountType: "Coach" })),
    );
    const { user, main } = await renderAccount();
    const save = main.getByRole("button", { name: "Save changes" });
    expect(save.hasAttribute("disabled")).toBe(true);

    const name = main.getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "  Jordan Lee-Park ");
    await user.selectOptions(main.getByRole("combobox", { name: "Account type" }), "Coach");
    expect(save.hasAttribute("disabled")).toBe(false);
    await user.click(save);

    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    const patches = sent.to(USER_PATH, "PATCH");
    expect(patches).toHaveLength(1);
    expect(patches[0]?.url.searchParams.get("api-version")).toBe("1.0");
    expect(patches[0]?.headers["content-type"]).toBe("application/json");
    expect(patches[0]?.body).toEqual([
      { op: "replace", path: "/accountType", value: "Coach" },
      { op: "replace", path: "/name", value: "Jordan Lee-Park" },
    ]);
  });

  it("a name that only gains spaces is not a change; an empty name cannot be saved", async () => {
    const { user, main } = await renderAccount();
    const name = main.getByRole("textbox", { name: "Name" });
    const save = main.getByRole("button", { name: "Save changes" });
    await user.type(name, "   ");
    expect(save.hasAttribute("disabled")).toBe(true);
    await user.clear(name);
    expect(save.hasAttribute("disabled")).toBe(true);
    expect(main.getByText("Enter your name.")).toBeTruthy();
  });

  it("shows the server's error text when saving fails", async () => {
    server.use(
      http.patch(USER_PATH, () => errorReply(422, "VALIDATION_FAILED", "That name is too long.")),
    );
    const { user, main } = await renderAccount();
    await user.type(main.getByRole("textbox", { name: "Name" }), " Jr.");
    await user.click(main.getByRole("button", { name: "Save changes" }));
    expect(await main.findByText("That name is too long.")).toBeTruthy();
  });

  it("the visibility switch sends isVisible to the visibility call", async () => {
    server.use(
      http.put("/user-mgmt/api/users/my/visibility", () => userReply({ isVisible: false })),
    );
    const { user, main } = await renderAccount();
    await user.click(main.getByRole("switch", { name: VISIBILITY_LABEL }));
    await waitFor(() => expect(sent.to("/user-mgmt/api/users/my/visibility")).toHaveLength(1));
    const call = sent.to("/user-mgmt/api/users/my/visibility")[0];
    expect(call?.url.searchParams.get("isVisible")).toBe("false");
    expect(call?.url.searchParams.get("api-version")).toBe("1.0");
  });

  it("'Change password' sends the reset e-mail and says so", async () => {
    // The domain has no contract for this reply; the web reads `sent`.
    server.use(
      http.put(`${USER_PATH}/passwordReset`, () => HttpResponse.json({ data: { sent: true } })),
    );
    const { user, main } = await renderAccount();
    await user.click(main.getByRole("button", { name: "Change password" }));
    expect(
      await main.findByText(/We sent a link to change your password to jordan\.lee@/),
    ).toBeTruthy();
    expect(sent.to(`${USER_PATH}/passwordReset`, "PUT")).toHaveLength(1);
  });

  it("'Delete account' needs the typed keyword, then deletes, signs out locally and goes to /", async () => {
    server.use(http.delete(USER_PATH, () => new HttpResponse(null, { status: 204 })));
    const { user, main, auth, router } = await renderAccount();
    await user.click(main.getByRole("button", { name: "Delete account" }));
    const dialog = within(await screen.findByRole("dialog"));
    const confirm = dialog.getByRole("button", { name: "Delete account" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.type(
      dialog.getByRole("textbox", { name: `Type "${DELETE_KEYWORD}" to confirm` }),
      "delete",
    );
    expect(confirm.hasAttribute("disabled")).toBe(true);
    expect(sent.to(USER_PATH, "DELETE")).toHaveLength(0);

    await user.clear(dialog.getByRole("textbox"));
    await user.type(dialog.getByRole("textbox"), DELETE_KEYWORD);
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(sent.to(USER_PATH, "DELETE")).toHaveLength(1);
    expect(auth.signOutLocally).toHaveBeenCalledTimes(1);
    expect(auth.logout).not.toHaveBeenCalled();
    expect(await screen.findByText(ACCOUNT_DELETED)).toBeTruthy();
  });

  it("cancelling the confirmation deletes nothing", async () => {
    const { user, main, auth } = await renderAccount();
    await user.click(main.getByRole("button", { name: "Delete account" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.all().filter((call) => call.method === "DELETE")).toHaveLength(0);
    expect(auth.signOutLocally).not.toHaveBeenCalled();
  });

  it("previews a chosen photo, uploads it as multipart 'file' with progress, and makes it the avatar", async () => {
    const moves: unknown[] = [];
    server.use(
      http.put(`${USER_PATH}/images/sort`, async ({ request }) => {
        moves.push({ data: await dataOf(request) });
        return HttpResponse.json({ data: { id: "img-1" } });
      }),
    );
    const { sent: uploaded, pending } = stubUploads(() => ({
      id: "img-1",
      url: "/media/avatars/jordan.webp",
    }));
    // jsdom has no object URLs.
    const createObjectURL = vi.fn(() => "blob:preview-1");
    const revokeObjectURL = vi.fn();
    Object.defineProperty(URL, "createObjectURL", { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, "revokeObjectURL", { value: revokeObjectURL, configurable: true });

    const { user, main } = await renderAccount({ getAccessToken: vi.fn(async () => "t-1") });
    const file = new File(["\u0089PNG"], "jordan.png", { type: "image/png" });
    await user.upload(main.getByLabelText("Choose a profile photo"), file);
    expect(main.getByText("Preview of jordan.png")).toBeTruthy();
    expect(main.getByRole("img", { name: "Jordan Lee" }).getAttribute("src")).toBe(
      "blob:preview-1",
    );

    await user.click(main.getByRole("button", { name: "Save photo" }));
    // Half the body sent: the bar says 50 %.
    await waitFor(() =>
      expect(
        main.getByRole("progressbar", { name: "Uploading photo" }).getAttribute("aria-valuenow"),
      ).toBe("50"),
    );
    expect(pending.finish).not.toBeNull();
    act(() => pending.finish?.());
    expect(await screen.findByText(PHOTO_UPDATED)).toBeTruthy();
    await waitFor(() => expect(main.queryByRole("progressbar")).toBeNull());
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]?.method).toBe("POST");
    expect(uploaded[0]?.url).toBe(`${USER_PATH}/images?api-version=1.0`);
    expect(uploaded[0]?.body.get("file")).toBe(file);
    // The avatar is a member's first image: the new one is moved to the front.
    expect(moves).toEqual([{ data: { imageId: "img-1", afterId: null } }]);
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
  });

  it("refuses a file that is not an image", async () => {
    const { user, main } = await renderAccount();
    const input = main.getByLabelText("Choose a profile photo") as HTMLInputElement;
    // The accept filter is a hint to the file picker; a drop or a picker override can ignore it.
    input.removeAttribute("accept");
    await user.upload(input, new File(["%PDF"], "cv.pdf", { type: "application/pdf" }));
    expect(main.getByText(/Choose an image file/)).toBeTruthy();
    expect(main.queryByRole("button", { name: "Save photo" })).toBeNull();
  });
});
