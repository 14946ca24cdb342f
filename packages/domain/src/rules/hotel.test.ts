import { describe, expect, it } from "vitest";
import {
  HOTEL_BANNER_BOOK,
  HOTEL_BANNER_EARLY,
  HOTEL_BANNER_LAST_MINUTE,
  HOTEL_BANNER_SCORE_BIG,
  hotelBannerText,
  hotelStayWindow,
  showHotelLiveRates,
  showHotelSpecials,
} from "./hotel";

describe("showHotelLiveRates", () => {
  // Spec §4: "Live rates show only for events with category Marketed, when live rates are
  // enabled and the visible-after date has passed."
  const base = {
    eventCategory: "Marketed",
    liveRatesEnabled: true,
    liveRatesVisibleAfter: "2025-03-01T00:00:00Z",
    now: "2025-03-01T00:00:01Z",
  };

  it("shows for a Marketed event, enabled, one second after the visible-after date", () => {
    expect(showHotelLiveRates(base)).toBe(true);
  });

  it("hides for any other category, including a different case of Marketed", () => {
    expect(showHotelLiveRates({ ...base, eventCategory: "Community" })).toBe(false);
    expect(showHotelLiveRates({ ...base, eventCategory: "marketed" })).toBe(false);
    expect(showHotelLiveRates({ ...base, eventCategory: null })).toBe(false);
  });

  it("hides when live rates are not enabled", () => {
    expect(showHotelLiveRates({ ...base, liveRatesEnabled: false })).toBe(false);
    expect(showHotelLiveRates({ ...base, liveRatesEnabled: null })).toBe(false);
  });

  it("hides at the visible-after instant itself and before it: the date has not passed yet", () => {
    expect(showHotelLiveRates({ ...base, now: "2025-03-01T00:00:00Z" })).toBe(false);
    expect(showHotelLiveRates({ ...base, now: "2025-02-28T23:59:59Z" })).toBe(false);
  });

  it("compares instants, not wall-clock text: 19:00-05:00 is already midnight UTC", () => {
    expect(showHotelLiveRates({ ...base, now: "2025-02-28T19:00:01-05:00" })).toBe(true);
  });

  it("hides when no visible-after date is set", () => {
    expect(showHotelLiveRates({ ...base, liveRatesVisibleAfter: null })).toBe(false);
  });

  it("accepts Date objects", () => {
    expect(showHotelLiveRates({ ...base, now: new Date(Date.UTC(2025, 2, 2)) })).toBe(true);
  });
});

describe("showHotelSpecials", () => {
  // Spec §4: "Specials show when the stats count is non-zero and the hidden-after date has not passed."
  const base = {
    statsCount: 3,
    specialsHiddenAfter: "2025-03-01T00:00:00Z",
    now: "2025-02-01T00:00:00Z",
  };

  it("shows with a non-zero count before the hidden-after date", () => {
    expect(showHotelSpecials(base)).toBe(true);
  });

  it("hides with a zero or missing count", () => {
    expect(showHotelSpecials({ ...base, statsCount: 0 })).toBe(false);
    expect(showHotelSpecials({ ...base, statsCount: null })).toBe(false);
  });

  it("still shows at the hidden-after instant and hides one second later", () => {
    expect(showHotelSpecials({ ...base, now: "2025-03-01T00:00:00Z" })).toBe(true);
    expect(showHotelSpecials({ ...base, now: "2025-03-01T00:00:01Z" })).toBe(false);
  });

  it("shows when no hidden-after date is set: nothing can have passed", () => {
    expect(showHotelSpecials({ ...base, specialsHiddenAfter: null })).toBe(true);
  });
});

describe("hotelBannerText", () => {
  // Spec §4: "hotelLink present and flag not true: 'Book Your Hotel for the Event!'; otherwise
  // more than 30 days to start: early deals wording; more than 7 days: 'Score Big with Great
  // Hotel Deals!'; otherwise 'Last-Minute Hotel Deals!'."
  const now = "2025-01-01T12:00:00Z";
  const noLink = { hotelLink: null, flag: false, now };

  it("reads 'Book Your Hotel for the Event!' with a hotel link and the flag false or unset", () => {
    const start = "2025-01-02";
    expect(
      hotelBannerText({ hotelLink: "https://h.example/b", flag: false, eventStart: start, now }),
    ).toBe("Book Your Hotel for the Event!");
    expect(
      hotelBannerText({ hotelLink: "https://h.example/b", flag: null, eventStart: start, now }),
    ).toBe(HOTEL_BANNER_BOOK);
  });

  it("falls back to the deal wording when the flag is true or the link is empty", () => {
    expect(
      hotelBannerText({
        hotelLink: "https://h.example/b",
        flag: true,
        eventStart: "2025-01-02",
        now,
      }),
    ).toBe(HOTEL_BANNER_LAST_MINUTE);
    expect(hotelBannerText({ hotelLink: "", flag: false, eventStart: "2025-01-02", now })).toBe(
      HOTEL_BANNER_LAST_MINUTE,
    );
  });

  it("uses the early wording at 31 days and 'Score Big' at exactly 30 (not more than 30)", () => {
    expect(hotelBannerText({ ...noLink, eventStart: "2025-02-01" })).toBe(HOTEL_BANNER_EARLY);
    expect(hotelBannerText({ ...noLink, eventStart: "2025-01-31" })).toBe(
      "Score Big with Great Hotel Deals!",
    );
  });

  it("uses 'Score Big' at 8 days and 'Last-Minute' at exactly 7", () => {
    expect(hotelBannerText({ ...noLink, eventStart: "2025-01-09" })).toBe(HOTEL_BANNER_SCORE_BIG);
    expect(hotelBannerText({ ...noLink, eventStart: "2025-01-08" })).toBe(
      "Last-Minute Hotel Deals!",
    );
  });

  it("uses 'Last-Minute' on the start day and after the start", () => {
    expect(hotelBannerText({ ...noLink, eventStart: "2025-01-01" })).toBe(HOTEL_BANNER_LAST_MINUTE);
    expect(hotelBannerText({ ...noLink, eventStart: "2024-12-01" })).toBe(HOTEL_BANNER_LAST_MINUTE);
  });

  it("counts calendar days in UTC: 23:30 at -05:00 is already the next UTC day", () => {
    // 2025-01-01T23:30-05:00 is 2025-01-02 in UTC, so 2025-02-01 is 30 days away, not 31.
    expect(
      hotelBannerText({ ...noLink, now: "2025-01-01T23:30:00-05:00", eventStart: "2025-02-01" }),
    ).toBe(HOTEL_BANNER_SCORE_BIG);
  });

  it("counts February 29th in leap years", () => {
    // 2024-02-01 to 2024-03-03 is 29 + 2 = 31 days; in 2023 the same dates are 28 + 2 = 30.
    expect(
      hotelBannerText({ ...noLink, now: "2024-02-01T08:00:00Z", eventStart: "2024-03-03" }),
    ).toBe(HOTEL_BANNER_EARLY);
    expect(
      hotelBannerText({ ...noLink, now: "2023-02-01T08:00:00Z", eventStart: "2023-03-03" }),
    ).toBe(HOTEL_BANNER_SCORE_BIG);
  });
});

describe("hotelStayWindow", () => {
  // Spec §5: "check-in is the later of today (UTC) and the event start. Check-out is the event
  // end, or the next day if the event is one day long or has passed. If the event spans more
  // than 7 days, check-out is check-in plus 1 day."
  it("future multi-day event: from start to end", () => {
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: "2025-06-13", today: "2025-06-01" }),
    ).toEqual({
      checkIn: "2025-06-10",
      checkOut: "2025-06-13",
    });
  });

  it("one-day event: check-out is the next day", () => {
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: "2025-06-10", today: "2025-06-01" }),
    ).toEqual({
      checkIn: "2025-06-10",
      checkOut: "2025-06-11",
    });
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: null, today: "2025-06-01" }),
    ).toEqual({
      checkIn: "2025-06-10",
      checkOut: "2025-06-11",
    });
  });

  it("event under way: check-in is today, check-out the event end", () => {
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: "2025-06-13", today: "2025-06-11" }),
    ).toEqual({
      checkIn: "2025-06-11",
      checkOut: "2025-06-13",
    });
  });

  it("last day of the event: one night from today, never a zero-night stay", () => {
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: "2025-06-13", today: "2025-06-13" }),
    ).toEqual({
      checkIn: "2025-06-13",
      checkOut: "2025-06-14",
    });
  });

  it("event has passed: today to tomorrow", () => {
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: "2025-06-13", today: "2025-06-20" }),
    ).toEqual({
      checkIn: "2025-06-20",
      checkOut: "2025-06-21",
    });
  });

  it("spanning exactly 7 days keeps the event end; 8 days falls back to one night", () => {
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: "2025-06-17", today: "2025-06-01" }),
    ).toEqual({
      checkIn: "2025-06-10",
      checkOut: "2025-06-17",
    });
    expect(
      hotelStayWindow({ eventStart: "2025-06-10", eventEnd: "2025-06-18", today: "2025-06-01" }),
    ).toEqual({
      checkIn: "2025-06-10",
      checkOut: "2025-06-11",
    });
  });

  it("long event under way: one night from today", () => {
    expect(
      hotelStayWindow({ eventStart: "2025-06-01", eventEnd: "2025-06-30", today: "2025-06-15" }),
    ).toEqual({
      checkIn: "2025-06-15",
      checkOut: "2025-06-16",
    });
  });

  it("adds the next day across February 29th, month and year ends", () => {
    expect(
      hotelStayWindow({ eventStart: "2024-02-28", eventEnd: "2024-02-28", today: "2024-01-01" })
        .checkOut,
    ).toBe("2024-02-29");
    expect(
      hotelStayWindow({ eventStart: "2023-02-28", eventEnd: "2023-02-28", today: "2023-01-01" })
        .checkOut,
    ).toBe("2023-03-01");
    expect(
      hotelStayWindow({ eventStart: "2025-12-31", eventEnd: "2025-12-31", today: "2025-12-01" })
        .checkOut,
    ).toBe("2026-01-01");
  });

  it("reads the date part of timestamps as written", () => {
    expect(
      hotelStayWindow({
        eventStart: "2025-06-10T00:00:00Z",
        eventEnd: "2025-06-12T23:00:00Z",
        today: "2025-06-01",
      }),
    ).toEqual({ checkIn: "2025-06-10", checkOut: "2025-06-12" });
  });

  it("rejects something that is not a date", () => {
    expect(() =>
      hotelStayWindow({ eventStart: "soon", eventEnd: null, today: "2025-06-01" }),
    ).toThrow(RangeError);
  });
});

describe("stay window and today's UTC date", () => {
  // Spec §5: "check-in is the later of today (UTC) and the event start".
  it("takes today in UTC, not the date written in a local timestamp", () => {
    const window = hotelStayWindow({
      eventStart: "2025-06-10",
      eventEnd: "2025-06-14",
      today: "2025-06-11T23:30:00-05:00",
    });
    expect(window.checkIn).toBe("2025-06-12");
  });
});
