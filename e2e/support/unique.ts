// What makes a journey's names and addresses its own. Both workers start journeys at the same
// moment, so the time alone is not enough: two journeys once signed up the same `ada-{ms}` address.
import { randomInt } from "node:crypto";

/** Digits unique to this journey: the time in ms and four random digits. */
export const uniqueStamp = () => `${Date.now()}${String(randomInt(10_000)).padStart(4, "0")}`;
