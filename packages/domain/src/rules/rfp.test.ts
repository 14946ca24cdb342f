import { describe, expect, it } from "vitest";
import { copyEventForRequest } from "./rfp";

describe("copyEventForRequest", () => {
  // Spec §3: "Copying an event into a new request drops its id, organization, logo, header
  // image, featured video and audit fields."
  const event = {
    id: "7f1c2a5e-2d7b-4c1e-9a57-1b2c3d4e5f60",
    name: "Spring Classic",
    startDate: "2025-04-05",
    sports: [{ name: "Soccer" }],
    organization: { id: "o1", name: "Org" },
    logo: "logo.png",
    headerImage: "header.jpg",
    featuredVideo: "https://v.example/1",
    createdDate: "2025-01-01T00:00:00Z",
    updatedDate: "2025-01-02T00:00:00Z",
    createdBy: "u1",
    updatedBy: "u2",
  };

  it("keeps what describes the event and drops identity, branding and audit", () => {
    expect(copyEventForRequest(event)).toEqual({
      name: "Spring Classic",
      startDate: "2025-04-05",
      sports: [{ name: "Soccer" }],
    });
  });

  it("does not change the source event", () => {
    copyEventForRequest(event);
    expect(event.id).toBeDefined();
    expect(event.logo).toBe("logo.png");
  });
});
