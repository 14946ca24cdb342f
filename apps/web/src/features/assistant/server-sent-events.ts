// Reads a response body of server-sent events as it arrives, with eventsource-parser (the
// EventSource format in full: fields, comments, any line break, an event split anywhere, even
// inside a character, which the decoder holds until its last byte). As in EventSource, an event
// the body stops in the middle of is dropped, and an event without a name is a "message".
import { createParser } from "eventsource-parser";

export type TServerSentEvent = { event: string; data: string };

/** Calls `onEvent` for each complete event, in order; resolves when the body ends. */
export async function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: TServerSentEvent) => void,
): Promise<void> {
  const parser = createParser({
    onEvent: (event) => onEvent({ event: event.event ?? "message", data: event.data }),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}
