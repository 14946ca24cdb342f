// The story editor opened from /stories ("Write a story", no listing given): the author picks the
// listings the story is about among those the server says they manage, by typing part of a name
// and with the keyboard, and the story saves with them (issue 50: it could never be saved).
import { type TStory, type TStoryInput, ZStory, ZStoryPreview } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { uuid } from "../profiles/testing";
import { STORIES } from "./stories-api";
import { LISTINGS_LABEL, NO_LISTINGS_TO_PICK } from "./story-listings-field";
import { buildStory, buildStoryListing, storyHandlers, writableListings } from "./testing";

const indy = buildStoryListing({ id: uuid(901), name: "Visit Indy" });
const hall = buildStoryListing({ id: uuid(902), name: "Hardwood Hall", kind: "facility" });

/** /stories and the editor's calls; a story written is answered as the server would. */
function serveEditor(mine = [indy, hall]) {
  const saved: TStory[] = [];
  server.use(
    writableListings(mine),
    http.post(`${STORIES}/preview`, () => dataReply(ZStoryPreview, { bodyHtml: "" })),
    http.post(STORIES, async ({ request }) => {
      const { data } = (await request.json()) as { data: TStoryInput };
      const story = buildStory({
        id: uuid(903),
        title: data.title,
        status: "draft",
        listingIds: data.listingIds ?? [],
        listings: mine.filter((l) => data.listingIds?.includes(l.id)),
      });
      saved.push(story);
      return dataReply(ZStory, story, { status: 201 });
    }),
    // The story page the editor goes to once saved.
    http.get(`${STORIES}/slug/:slug`, ({ params }) =>
      dataReply(ZStory, saved.find((s) => s.slug === params.slug)!),
    ),
    ...storyHandlers([]),
  );
}

async function openEditorFromStories() {
  const rendered = await renderApp({ path: "/stories", auth: buildSignedInAuth() });
  await rendered.user.click(await screen.findByRole("link", { name: "Write a story" }));
  await screen.findByRole("heading", { level: 1, name: "Write a story" });
  return rendered;
}

describe("writing a story from /stories", () => {
  it("picks one of the author's listings by typing and the keyboard, and saves the story about it", async () => {
    serveEditor();
    const { user, router } = await openEditorFromStories();
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Our new courts");
    const picker = screen.getByRole("combobox", { name: new RegExp(LISTINGS_LABEL) });
    await user.click(picker);
    const all = within(await screen.findByRole("listbox"));
    // What the server says the author manages, and nothing else.
    expect(all.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Visit IndyDestination",
      "Hardwood HallFacility",
    ]);
    await user.type(picker, "hard");
    const found = within(await screen.findByRole("listbox"));
    expect(found.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Hardwood HallFacility",
    ]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(screen.getByRole("button", { name: "Hardwood Hall" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() =>
      expect(sent.bodies(STORIES, "POST")).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({ title: "Our new courts", listingIds: [hall.id] }),
        }),
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/stories/our-new-courts"));
  });

  it("asks for one of the author's listings before sending a story about none", async () => {
    serveEditor();
    const { user } = await openEditorFromStories();
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "About nothing");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Choose at least one of your listings.")).toBeTruthy();
    expect(sent.to(STORIES, "POST")).toEqual([]);
  });

  it("tells a member who manages none that a story is about one of theirs", async () => {
    serveEditor([]);
    await openEditorFromStories();
    expect(await screen.findByText(NO_LISTINGS_TO_PICK)).toBeTruthy();
  });
});
