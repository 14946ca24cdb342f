// The one call a destination's page makes for its guide before the chat opens: the guide's
// configuration, checked by hand (lib/reply-shape says why not zod) for what the page and the chat
// read of it.
import type { TTourGuide } from "@hostfield/domain/contracts";
import { apiGet } from "../../lib/api";
import { shapeParser } from "../../lib/reply-shape";
import { tourGuideUrl } from "./assistant-paths";

const guideParser = shapeParser<TTourGuide>("The tour guide", {
  id: "string?",
  destinationId: "string",
  destinationName: "string",
  name: "string",
  greeting: "string",
  tone: "string",
  suggestedQuestions: "array",
  isEnabled: "boolean",
  manage: "object?",
});

/** The destination's guide (the default one until its managers configure it). */
export function getTourGuide(destinationId: string, signal?: AbortSignal): Promise<TTourGuide> {
  return apiGet(tourGuideUrl(destinationId), { schema: guideParser, signal });
}
