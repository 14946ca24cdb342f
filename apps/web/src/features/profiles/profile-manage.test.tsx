import { ZId, ZProfileInvitation } from "@hostfield/domain/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildUser } from "../../test/factories";
import { dataOf, dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { stubUploads } from "../../test/upload-stub";
import { messagingHandlers } from "../messaging/testing";
import { CHANGES_SAVED } from "./profile-edit-form";
import {
  addListing,
  buildInvitation,
  buildListing,
  buildMedia,
  buildMember,
  EVENT_ID,
  FACILITY_ID,
  keepProfileChanges,
  mediaTitles,
  named,
  OWNER_ABILITIES,
  profilesHandlers,
  profilesWorld,
  setChildren,
  setMedia,
  uuid,
} from "./testing";

const API = `/facility-mgmt/api/facilities/${FACILITY_ID}`;

/** My facility, which I own; the server keeps what I change on it. */
function ownerServer() {
  const world = profilesWorld();
  addListing(
    world,
    buildListing("facility", {
      id: FACILITY_ID,
      name: "Riverside Sports Complex",
      description: "Eight courts by the river.",
      address: {
        street: "100 River Rd",
        city: "Louisville",
        state: "Kentucky",
        postalCode: "40202",
        country: "US",
      },
      website: "https://riverside.example",
      facilityTypes: ["Sports Complex"],
      capacity: 2500,
      availability: "Available to host",
    }),
    OWNER_ABILITIES,
  );
  setMedia(world, FACILITY_ID, "images", [
    buildMedia(1, { title: "Court A" }),
    buildMedia(2, { title: "Court B" }),
    buildMedia(3, { title: "Court C" }),
  ]);
  setChildren(world, FACILITY_ID, "sports", [named(FACILITY_ID, 1, "Basketball")]);
  world.members.set(FACILITY_ID, [
    buildMember(1, { userId: buildUser().id, name: "Jordan Lee", role: "owner" }),
    buildMember(2, { name: "Casey Park", role: "manager" }),
  ]);
  server.use(...keepProfileChanges(world), ...profilesHandlers(world));
  return world;
}

// The editors' parts (manage buttons, forms, members) load on demand: their first import in a test
// run transforms their modules, which can take longer than findBy's default second.
const LAZY = { timeout: 10_000 };

async function openFacility() {
  const rendered = await renderApp({
    path: `/facilities/${FACILITY_ID}`,
    auth: buildSignedInAuth(),
  });
  await screen.findByRole("button", { name: "Edit details" }, LAZY);
  return rendered;
}

// Typing into a full listing form is slow in jsdom; these journeys get more than the default 5 s.
// Typing a form key by key re-renders it each time: seconds alone, many more on a loaded machine.
const SLOW = { timeout: 60_000 };

const byPath = (ops: unknown) =>
  [...(ops as { path: string }[])].sort((a, b) => a.path.localeCompare(b.path));

function galleryTitles() {
  const gallery = within(screen.getByRole("list", { name: "Gallery in order" }));
  return gallery.getAllByRole("listitem").map((li) => li.querySelector("img")?.getAttribute("alt"));
}

describe("editing a listing in place", SLOW, () => {
  it("saves the JSON Patch computed from the listing as loaded and as edited", async () => {
    ownerServer();
    const { user } = await openFacility();
    await user.click(screen.getByRole("button", { name: "Edit details" }));
    const form = within(
      await screen.findByRole("form", { name: "Edit Riverside Sports Complex" }, LAZY),
    );
    const name = form.getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Riverside Arena ");
    await user.clear(form.getByRole("textbox", { name: "Description" }));
    const capacity = form.getByRole("spinbutton", { name: "Capacity (people)" });
    await user.clear(capacity);
    await user.type(capacity, "3000");
    await user.selectOptions(
      form.getByRole("combobox", { name: "Availability" }),
      "Limited availability to host",
    );
    await user.type(form.getByRole("textbox", { name: "Phone" }), "502-555-0100");
    await user.click(form.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(sent.to(API, "PATCH")).toHaveLength(1));
    expect(byPath(sent.to(API, "PATCH")[0]?.body)).toEqual([
      { op: "replace", path: "/availability", value: "Limited availability to host" },
      { op: "replace", path: "/capacity", value: 3000 },
      { op: "replace", path: "/description", value: null },
      { op: "replace", path: "/name", value: "Riverside Arena" },
      { op: "replace", path: "/phone", value: "502-555-0100" },
    ]);
    expect(await screen.findByText(CHANGES_SAVED)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Riverside Arena");
    expect(screen.queryByRole("form", { name: /^Edit / })).toBeNull();
  });

  it("changes inside the address patch only what changed", async () => {
    ownerServer();
    const { user } = await openFacility();
    await user.click(screen.getByRole("button", { name: "Edit details" }));
    const form = within(
      await screen.findByRole("form", { name: "Edit Riverside Sports Complex" }, LAZY),
    );
    await user.clear(form.getByRole("textbox", { name: "Postal code" }));
    await user.type(form.getByRole("textbox", { name: "Postal code" }), "40203");
    await user.click(form.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.to(API, "PATCH")).toHaveLength(1));
    expect(sent.to(API, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/address/postalCode", value: "40203" },
    ]);
  });

  it("checks the fields against the shared contract before sending anything", async () => {
    ownerServer();
    const { user } = await openFacility();
    await user.click(screen.getByRole("button", { name: "Edit details" }));
    const form = within(
      await screen.findByRole("form", { name: "Edit Riverside Sports Complex" }, LAZY),
    );
    const website = form.getByRole("textbox", { name: "Website" });
    await user.clear(website);
    await user.type(website, "riverside dot example");
    await user.clear(form.getByRole("textbox", { name: "Name" }));
    const capacity = form.getByRole("spinbutton", { name: "Capacity (people)" });
    await user.clear(capacity);
    await user.type(capacity, "-5");
    await user.click(form.getByRole("button", { name: "Save changes" }));
    expect(
      await form.findByText("Enter a link that starts with http:// or https://."),
    ).toBeTruthy();
    expect(form.getByText("Enter the name.")).toBeTruthy();
    expect(form.getByText("Enter a number from 0 to 1000000.")).toBeTruthy();
    expect(sent.to(API, "PATCH")).toHaveLength(0);
  });

  it("an event cannot end before it starts", async () => {
    const world = profilesWorld();
    addListing(
      world,
      buildListing("event", { id: EVENT_ID, name: "Spring Classic" }),
      OWNER_ABILITIES,
    );
    server.use(...profilesHandlers(world));
    const { user } = await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });
    await user.click(await screen.findByRole("button", { name: "Edit details" }, LAZY));
    const form = within(await screen.findByRole("form", { name: "Edit Spring Classic" }, LAZY));
    fireEvent.change(form.getByLabelText(/^End date/), { target: { value: "2025-03-01" } });
    await user.click(form.getByRole("button", { name: "Save changes" }));
    expect(await form.findByText("An event cannot end before it starts.")).toBeTruthy();
    expect(sent.to(`/event-mgmt/api/events/${EVENT_ID}`, "PATCH")).toHaveLength(0);
  });
});

describe("images and documents", SLOW, () => {
  it("uploads with a progress bar, then shows the new image", async () => {
    const world = ownerServer();
    const stored = buildMedia(9, { title: "court.png" });
    const uploads = stubUploads(() => {
      setMedia(world, FACILITY_ID, "images", [
        ...(world.media.get(`${FACILITY_ID}/images`) ?? []),
        stored,
      ]);
      return stored;
    });
    const { user } = await openFacility();
    await screen.findByRole("list", { name: "Gallery in order" });
    const file = new File(["png"], "court.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Upload images"), file);
    const bar = await screen.findByRole("progressbar", { name: "Uploading court.png" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("50"));
    expect(uploads.sent[0]?.method).toBe("POST");
    expect(uploads.sent[0]?.url).toBe(`${API}/images?api-version=1.0`);
    expect((uploads.sent[0]!.body.get("file") as File).name).toBe("court.png");
    act(() => uploads.pending.finish?.());
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    await waitFor(() => expect(galleryTitles()).toContain("court.png"));
  });

  it("replaces a file through PUT …/{id}/file with progress", async () => {
    ownerServer();
    const uploads = stubUploads(() =>
      buildMedia(2, { title: "Court B", url: "/media/profiles/facilities/new.png" }),
    );
    const { user } = await openFacility();
    await screen.findByRole("list", { name: "Gallery in order" });
    await user.click(screen.getByRole("button", { name: "More actions for Court B" }));
    await user.click(await screen.findByRole("menuitem", { name: "Replace file…" }));
    const file = new File(["png"], "new.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Replacement for gallery"), file);
    expect(await screen.findByRole("progressbar", { name: "Replacing with new.png" })).toBeTruthy();
    expect(uploads.sent[0]?.method).toBe("PUT");
    expect(uploads.sent[0]?.url).toBe(`${API}/images/${uuid(702)}/file?api-version=1.0`);
  });

  it("reorders with Move earlier/later buttons, sending the sort call", async () => {
    const world = ownerServer();
    const { user } = await openFacility();
    await screen.findByRole("list", { name: "Gallery in order" });
    expect(galleryTitles()).toEqual(["Court A", "Court B", "Court C"]);
    expect(
      screen.getByRole("button", { name: "Move Court A earlier" }).hasAttribute("disabled"),
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Move Court C earlier" }));
    await waitFor(() => expect(sent.to(`${API}/images/sort`, "PUT")).toHaveLength(1));
    expect(sent.to(`${API}/images/sort`, "PUT")[0]?.body).toEqual({
      data: { id: uuid(703), afterId: uuid(701) },
    });
    expect(galleryTitles()).toEqual(["Court A", "Court C", "Court B"]);
    await user.click(screen.getByRole("button", { name: "Move Court A later" }));
    await waitFor(() => expect(sent.to(`${API}/images/sort`, "PUT")).toHaveLength(2));
    expect(sent.to(`${API}/images/sort`, "PUT")[1]?.body).toEqual({
      data: { id: uuid(701), afterId: uuid(703) },
    });
    await waitFor(() =>
      expect(mediaTitles(world, FACILITY_ID, "images")).toEqual(["Court C", "Court A", "Court B"]),
    );
  });

  it("reorders by dragging one image onto another", async () => {
    ownerServer();
    await openFacility();
    await screen.findByRole("list", { name: "Gallery in order" });
    const tiles = within(screen.getByRole("list", { name: "Gallery in order" })).getAllByRole(
      "listitem",
    );
    const dataTransfer = { setData: () => {}, effectAllowed: "", types: ["text/plain"], files: [] };
    fireEvent.dragStart(tiles[2]!, { dataTransfer });
    fireEvent.dragOver(tiles[0]!, { dataTransfer });
    fireEvent.drop(tiles[0]!, { dataTransfer });
    await waitFor(() => expect(sent.to(`${API}/images/sort`, "PUT")).toHaveLength(1));
    expect(sent.to(`${API}/images/sort`, "PUT")[0]?.body).toEqual({
      data: { id: uuid(703), afterId: null },
    });
    expect(galleryTitles()).toEqual(["Court C", "Court A", "Court B"]);
  });

  it("deletes an image after confirmation, and renames one with a patch of its title", async () => {
    ownerServer();
    const { user } = await openFacility();
    await screen.findByRole("list", { name: "Gallery in order" });
    await user.click(screen.getByRole("button", { name: "More actions for Court A" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete…" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete Court A?" }));
    await user.click(dialog.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent.to(`${API}/images/${uuid(701)}`, "DELETE")).toHaveLength(1));
    await waitFor(() => expect(galleryTitles()).toEqual(["Court B", "Court C"]));

    await user.click(screen.getByRole("button", { name: "More actions for Court B" }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename…" }));
    const rename = within(await screen.findByRole("dialog", { name: "Rename Court B" }));
    await user.clear(rename.getByRole("textbox", { name: "Title" }));
    await user.type(rename.getByRole("textbox", { name: "Title" }), "Main court");
    await user.click(rename.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent.to(`${API}/images/${uuid(702)}`, "PATCH")).toHaveLength(1));
    expect(sent.to(`${API}/images/${uuid(702)}`, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/title", value: "Main court" },
    ]);
    await waitFor(() => expect(galleryTitles()).toEqual(["Main court", "Court C"]));
  });

  it("an image becomes the header image through a patch of the listing", async () => {
    ownerServer();
    const { user } = await openFacility();
    await screen.findByRole("list", { name: "Gallery in order" });
    await user.click(screen.getByRole("button", { name: "More actions for Court B" }));
    await user.click(await screen.findByRole("menuitem", { name: "Use as header image" }));
    await waitFor(() => expect(sent.to(API, "PATCH")).toHaveLength(1));
    expect(sent.to(API, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/headerImage", value: "/media/profiles/facilities/photo-2.png" },
    ]);
  });
});

describe("members, sports, spaces and boosts", SLOW, () => {
  it("invites someone by e-mail, shows the pending invitation, and removes a member after confirmation", async () => {
    const world = ownerServer();
    // The server invites the address: Sam joins only by accepting, so the list shows the invitation.
    server.use(
      http.post(`${API}/managers`, async ({ request }) => {
        const { email, role } = await dataOf<{ email: string; role: "manager" }>(request);
        const invited = buildInvitation(1, {
          invitee: { userId: null, name: null, email },
          role,
        });
        world.invitations.set(FACILITY_ID, [invited]);
        return dataReply(ZProfileInvitation, invited, { status: 201 });
      }),
    );
    const { user } = await openFacility();
    const managers = within(await screen.findByRole("region", { name: "Managers" }));
    expect(await managers.findByText("Casey Park")).toBeTruthy();
    const pending = within(managers.getByRole("region", { name: "Pending invitations" }));
    expect(await pending.findByText("No invitations waiting for an answer.")).toBeTruthy();
    const form = within(managers.getByRole("form", { name: "Invite someone" }));
    const email = form.getByRole("textbox", { name: "E-mail address" });
    await user.type(email, "not an address");
    await user.click(form.getByRole("button", { name: "Invite" }));
    expect(form.getByText("Enter an e-mail address like name@example.com.")).toBeTruthy();
    await user.clear(email);
    await user.type(email, "sam@example.com");
    await user.selectOptions(form.getByRole("combobox", { name: "Role" }), "manager");
    await user.click(form.getByRole("button", { name: "Invite" }));
    await waitFor(() => expect(sent.to(`${API}/managers`, "POST")).toHaveLength(1));
    expect(sent.to(`${API}/managers`, "POST")[0]?.body).toEqual({
      data: { email: "sam@example.com", role: "manager" },
    });
    expect(await pending.findByText("sam@example.com")).toBeTruthy();
    expect(managers.queryByRole("link", { name: /sam/ })).toBeNull();
    await user.click(
      pending.getByRole("button", { name: "Take back the invitation of sam@example.com" }),
    );
    await waitFor(() =>
      expect(sent.to(`${API}/managers/invitations/${uuid(701)}`, "DELETE")).toHaveLength(1),
    );
    expect(await pending.findByText("No invitations waiting for an answer.")).toBeTruthy();

    await user.click(managers.getByRole("button", { name: "Remove Casey Park" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Remove Casey Park?" }));
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(sent.to(`${API}/managers/${uuid(802)}`, "DELETE")).toHaveLength(1));
    await waitFor(() => expect(managers.queryByText("Casey Park")).toBeNull());
  });

  it("says when the invitation could not be sent", async () => {
    ownerServer();
    server.use(
      http.post(`${API}/managers`, () =>
        errorReply(403, "FORBIDDEN", "Only an owner can invite another owner."),
      ),
    );
    const { user } = await openFacility();
    const managers = within(await screen.findByRole("region", { name: "Managers" }));
    const form = within(managers.getByRole("form", { name: "Invite someone" }));
    await user.type(form.getByRole("textbox", { name: "E-mail address" }), "x@y.org");
    await user.click(form.getByRole("button", { name: "Invite" }));
    expect(await form.findByText("Only an owner can invite another owner.")).toBeTruthy();
  });

  it("changes a role with a patch, and messages a member", async () => {
    ownerServer();
    // Messaging Casey opens a direct conversation, and the page goes there.
    server.use(
      http.post(`/user-mgmt/api/users/${uuid(902)}/message`, () => dataReply(ZId, uuid(5000))),
      ...messagingHandlers(),
    );
    const { user, router } = await openFacility();
    const managers = within(await screen.findByRole("region", { name: "Managers" }));
    await managers.findByText("Casey Park");
    // No messaging myself.
    expect(managers.queryByRole("button", { name: "Message Jordan Lee" })).toBeNull();
    await user.selectOptions(
      managers.getByRole("combobox", { name: "Role of Casey Park" }),
      "member",
    );
    await waitFor(() => expect(sent.to(`${API}/managers/${uuid(802)}`, "PATCH")).toHaveLength(1));
    expect(sent.to(`${API}/managers/${uuid(802)}`, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/role", value: "member" },
    ]);
    // With no staff role ("None") its label sits above the value, not drawn over it.
    const staffRole = managers.getByRole("combobox", { name: "Staff role of Casey Park" });
    expect(
      document.querySelector(`label[for="${staffRole.id}"]`)?.getAttribute("data-shrink"),
    ).toBe("true");
    await user.selectOptions(staffRole, "Sales");
    await waitFor(() => expect(sent.to(`${API}/managers/${uuid(802)}`, "PATCH")).toHaveLength(2));
    expect(sent.to(`${API}/managers/${uuid(802)}`, "PATCH")[1]?.body).toEqual([
      { op: "replace", path: "/staffRole", value: "Sales" },
    ]);
    await user.click(managers.getByRole("button", { name: "Message Casey Park" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${uuid(5000)}`));
    expect(sent.to(`/user-mgmt/api/users/${uuid(902)}/message`, "POST")).toHaveLength(1);
  });

  it("a business gives a partner its own picture, which shows instead of the partner's logo", async () => {
    const world = profilesWorld();
    const BUSINESS_ID = uuid(4100);
    const LINK_ID = uuid(4101);
    addListing(
      world,
      buildListing("business", { id: BUSINESS_ID, name: "Corner Pizza" }),
      OWNER_ABILITIES,
    );
    const link = {
      id: LINK_ID,
      profileId: BUSINESS_ID,
      partner: { id: EVENT_ID, kind: "event", name: "Spring Classic", logo: null },
      image: null,
      createdDate: "2026-01-05T10:00:00.000Z",
    };
    setChildren(world, BUSINESS_ID, "partners", [link]);
    server.use(...keepProfileChanges(world), ...profilesHandlers(world));
    const stored = { ...link, image: "/media/profiles/businesses/partners/team-dinner.png" };
    const uploads = stubUploads(() => {
      setChildren(world, BUSINESS_ID, "partners", [stored]);
      return stored;
    });
    const { user } = await renderApp({
      path: `/businesses/${BUSINESS_ID}`,
      auth: buildSignedInAuth(),
    });
    const partners = within(await screen.findByRole("region", { name: "Partners" }, LAZY));
    const file = new File(["png"], "team-dinner.png", { type: "image/png" });
    // A button that opens the chooser, not a label around the input (axe: nested-interactive).
    const add = await partners.findByRole(
      "button",
      { name: "Add a picture for Spring Classic" },
      LAZY,
    );
    expect(add.tagName).toBe("BUTTON");
    await user.upload(partners.getByLabelText("Picture file for Spring Classic"), file);
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]?.method).toBe("POST");
    expect(uploads.sent[0]?.url).toBe(
      `/business-mgmt/api/businesses/partners/${LINK_ID}/images?api-version=1.0`,
    );
    expect((uploads.sent[0]!.body.get("file") as File).name).toBe("team-dinner.png");
    act(() => uploads.pending.finish?.());
    await waitFor(() =>
      expect(
        partners
          .getByRole("link", { name: /Spring Classic/ })
          .querySelector("img")
          ?.getAttribute("src"),
      ).toContain("/media/profiles/businesses/partners/team-dinner.png"),
    );
    expect(
      partners.getByRole("button", { name: "Change a picture for Spring Classic" }),
    ).toBeTruthy();
  });

  it("adds and removes sports", async () => {
    ownerServer();
    const { user } = await openFacility();
    const sports = within(await screen.findByRole("region", { name: "Sports" }));
    await sports.findByText("Basketball");
    await user.type(sports.getByRole("combobox", { name: "Add a sport" }), "Socc");
    await user.click(await screen.findByRole("option", { name: "Soccer" }));
    await user.click(sports.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(sent.to(`${API}/sports`, "POST")).toHaveLength(1));
    expect(sent.to(`${API}/sports`, "POST")[0]?.body).toEqual({ data: { name: "Soccer" } });
    expect(await sports.findByText("Soccer")).toBeTruthy();
    await user.click(sports.getByTitle("Remove Basketball"));
    await waitFor(() => expect(sent.to(`${API}/sports/${uuid(601)}`, "DELETE")).toHaveLength(1));
    await waitFor(() => expect(sports.queryByText("Basketball")).toBeNull());
  });

  it("adds a space type checked by the shared contract", async () => {
    ownerServer();
    const { user } = await openFacility();
    const form = within(await screen.findByRole("form", { name: "Add a space" }, LAZY));
    await user.click(form.getByRole("button", { name: "Add space" }));
    expect(form.getByText("Choose the space.")).toBeTruthy();
    expect(sent.to(`${API}/spaceTypes`, "POST")).toHaveLength(0);
    await user.selectOptions(form.getByRole("combobox", { name: "Space" }), "Court");
    await user.selectOptions(form.getByRole("combobox", { name: "Indoor or outdoor" }), "Indoor");
    await user.selectOptions(form.getByRole("combobox", { name: "Surface" }), "Hardwood");
    const count = form.getByRole("spinbutton", { name: "Number of spaces" });
    await user.clear(count);
    await user.type(count, "2");
    await user.type(form.getByRole("textbox", { name: "Features" }), "Lights, Bleachers");
    // An optional day price: a negative one is refused beside its input, before anything is sent.
    const price = form.getByRole("spinbutton", { name: "Day price per space" });
    await user.type(price, "-5");
    await user.click(form.getByRole("button", { name: "Add space" }));
    expect(form.getByText("A day price cannot be negative")).toBeTruthy();
    expect(sent.to(`${API}/spaceTypes`, "POST")).toHaveLength(0);
    await user.clear(price);
    await user.type(price, "450");
    await user.selectOptions(form.getByRole("combobox", { name: "Currency" }), "CAD");
    await user.click(form.getByRole("button", { name: "Add space" }));
    await waitFor(() => expect(sent.to(`${API}/spaceTypes`, "POST")).toHaveLength(1));
    expect(sent.to(`${API}/spaceTypes`, "POST")[0]?.body).toEqual({
      data: {
        name: "Court",
        location: "Indoor",
        surface: "Hardwood",
        count: 2,
        additionalFeatures: ["Lights", "Bleachers"],
        dayPrice: { amount: 450, currency: "CAD" },
      },
    });
    const spaces = within(screen.getByRole("region", { name: "Space types" }));
    expect(await spaces.findByText("2 × Court")).toBeTruthy();
    expect(spaces.getByText("From CA$450 per court per day")).toBeTruthy();
  });

  it("sets, shows and removes a space type's day price, and says when the server refuses it", async () => {
    const world = ownerServer();
    setChildren(world, FACILITY_ID, "spaceTypes", [
      {
        id: uuid(70),
        profileId: FACILITY_ID,
        name: "Court",
        surface: "Hardwood",
        count: 4,
        location: "Indoor",
        additionalFeatures: [],
        dayPrice: null,
        createdDate: "2025-03-01T09:00:00.000Z",
      },
    ]);
    const { user } = await openFacility();
    const spaces = within(await screen.findByRole("region", { name: "Space types" }));
    await user.click(
      await spaces.findByRole("button", { name: "Set the day price of 4 × Court" }, LAZY),
    );
    let dialog = within(
      await screen.findByRole("dialog", { name: "Day price of 4 × Court" }, LAZY),
    );
    const amount = dialog.getByRole("spinbutton", { name: "Day price per space" });
    await user.type(amount, "12.345");
    await user.click(dialog.getByRole("button", { name: "Save price" }));
    expect(dialog.getByText("A day price has at most two decimals")).toBeTruthy();
    expect(sent.to(`${API}/spaceTypes/${uuid(70)}`, "PATCH")).toHaveLength(0);
    // The server's refusal shows in the dialog, which stays open.
    server.use(
      http.patch(
        `${API}/spaceTypes/:childId`,
        () => errorReply(400, "VALIDATION_FAILED", "That is not a valid space type."),
        { once: true },
      ),
    );
    await user.clear(amount);
    await user.type(amount, "450");
    await user.click(dialog.getByRole("button", { name: "Save price" }));
    expect(await dialog.findByText("That is not a valid space type.")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Save price" }));
    expect(await screen.findByText("The day price is saved.")).toBeTruthy();
    expect(sent.to(`${API}/spaceTypes/${uuid(70)}`, "PATCH").at(-1)?.body).toEqual([
      { op: "replace", path: "/dayPrice", value: { amount: 450, currency: "USD" } },
    ]);
    expect(await spaces.findByText("From $450 per court per day")).toBeTruthy();
    // An empty amount removes it.
    await user.click(spaces.getByRole("button", { name: "Set the day price of 4 × Court" }));
    dialog = within(await screen.findByRole("dialog", { name: "Day price of 4 × Court" }));
    expect(dialog.getByRole("spinbutton", { name: "Day price per space" })).toHaveProperty(
      "value",
      "450",
    );
    await user.clear(dialog.getByRole("spinbutton", { name: "Day price per space" }));
    await user.click(dialog.getByRole("button", { name: "Save price" }));
    expect(await screen.findByText("The day price is removed.")).toBeTruthy();
    expect(sent.to(`${API}/spaceTypes/${uuid(70)}`, "PATCH").at(-1)?.body).toEqual([
      { op: "replace", path: "/dayPrice", value: null },
    ]);
    await waitFor(() => expect(spaces.queryByText(/per court per day/)).toBeNull());
  });

  it("boosts a date range, refusing one that ends before it starts", async () => {
    ownerServer();
    const { user } = await openFacility();
    const form = within(await screen.findByRole("form", { name: "Add a boost" }, LAZY));
    fireEvent.change(form.getByLabelText(/^First day/), { target: { value: "2025-04-10" } });
    fireEvent.change(form.getByLabelText(/^Last day/), { target: { value: "2025-04-01" } });
    await user.click(form.getByRole("button", { name: "Boost these dates" }));
    expect(form.getByText("The last day cannot come before the first.")).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Last day/), { target: { value: "2025-04-20" } });
    await user.click(form.getByRole("button", { name: "Boost these dates" }));
    await waitFor(() => expect(sent.to(`${API}/boosts`, "POST")).toHaveLength(1));
    expect(sent.to(`${API}/boosts`, "POST")[0]?.body).toEqual({
      data: { startDate: "2025-04-10", endDate: "2025-04-20" },
    });
    const boosts = within(screen.getByRole("region", { name: "Boosts" }));
    expect(await boosts.findByText("Thu, Apr 10th - Sun, Apr 20th, 2025")).toBeTruthy();
  });
});
