// The booking clients of `npm run bench -- reserve` (forked by bench/reserve.ts, so their requests
// are not timed on the server's event loop). Over real HTTP: availability, then the quote booked.
// Messages: `sellOut` (each client books one room at a time until availability says none are
// left) and `burst` (every attempt holds a quote first, then all book at once).

const V = "api-version=1.0";

async function call(base, method, url, token, data) {
  const started = performance.now();
  const res = await fetch(`${base}/hotel-mgmt/api${url}?${V}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  });
  const body = await res.json().catch(() => null);
  return { status: res.status, body, ms: performance.now() - started };
}

/** The hotel's only room type's quote for the stay, or null when it has no room left. */
async function quoteFor(base, stay, tally) {
  const res = await call(base, "POST", `/hotels/${stay.hotelId}/availability`, null, {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    rooms: 1,
    guests: 1,
  });
  tally.availabilityMs.push(res.ms);
  if (res.status !== 200)
    throw new Error(`availability: ${res.status} ${JSON.stringify(res.body)}`);
  const offer = res.body.data.offers.find((o) => o.roomType.id === stay.roomTypeId);
  return offer?.available ? offer.quote : null;
}

async function book(base, token, quote, n, tally) {
  const res = await call(base, "POST", "/hotels/reservations", token, {
    quote,
    guestName: `Bench Guest ${n}`,
    email: `guest${n}@example.com`,
    phone: "(555) 555-0100",
    team: null,
  });
  tally.bookMs.push(res.ms);
  if (res.status === 201) tally.booked += 1;
  else {
    const code = res.body?.error?.code ?? `HTTP ${res.status}`;
    tally.refused[code] = (tally.refused[code] ?? 0) + 1;
  }
  return res.status;
}

const newTally = () => ({ booked: 0, refused: {}, bookMs: [], availabilityMs: [] });

async function sellOut({ base, tokens, stay }) {
  const tally = newTally();
  let n = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (;;) {
        const quote = await quoteFor(base, stay, tally);
        if (!quote) return;
        await book(base, token, quote, n++, tally);
      }
    }),
  );
  return { ...tally, seconds: (performance.now() - started) / 1000 };
}

async function burst({ base, tokens, stay, attempts }) {
  const tally = newTally();
  const quotes = [];
  for (let i = 0; i < attempts; i++) quotes.push(await quoteFor(base, stay, tally));
  if (quotes.some((q) => !q)) throw new Error("a burst attempt found no room before it started");
  const started = performance.now();
  const statuses = await Promise.all(
    quotes.map((quote, i) => book(base, tokens[i % tokens.length], quote, 100_000 + i, tally)),
  );
  return { ...tally, statuses, seconds: (performance.now() - started) / 1000 };
}

process.on("message", async (message) => {
  try {
    const result = message.type === "sellOut" ? await sellOut(message) : await burst(message);
    process.send({ ok: true, result });
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
});
