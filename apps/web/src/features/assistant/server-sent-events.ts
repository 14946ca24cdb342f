// Reads a response body of server-sent events as it arrives (the parts of the EventSource format
// our server writes: `event:` and `data:` lines, a blank line ending each event, `:` comments),
// whatever the chunks it comes in: an event may be split anywhere, even inside a character. As in
// EventSource, an event the body stops in the middle of is dropped.

export type TServerSentEvent = { event: string; data: string };

/** Calls `onEvent` for each complete event, in order; resolves when the body ends. */
export async function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: TServerSentEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let name = "";
  let data: string[] = [];

  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onEvent({ event: name || "message", data: data.join("\n") });
      name = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  };

  const drain = () => {
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (end === -1 || (buffer[end] === "\r" && end === buffer.length - 1)) return;
      const breakLength = buffer.startsWith("\r\n", end) ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + breakLength);
    }
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      drain();
    }
    buffer += decoder.decode();
    drain();
    // An event the body stopped in the middle of (no blank line after it) is not one.
  } finally {
    reader.releaseLock();
  }
}
