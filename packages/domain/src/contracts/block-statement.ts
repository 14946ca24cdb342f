// A room block's final statement after the event (`/hotels/blocks/{id}/statement`, its PDF) and the
// thread between the block's two sides (`/hotels/blocks/{id}/messages`), where the organizer may
// dispute the statement the hotel confirmed. The figures follow the domain's rules/block-statement:
// allowance, shortfall and owed over the whole block at its held-weighted average rate; money in
// dollars with cents, nights `YYYY-MM-DD` UTC.
import { z } from "zod";
import { ZId, ZIsoDate, ZIsoDateTime } from "./common";
import { BLOCK_SIDES } from "./stays";

/**
 * Open: the block's last night has not ended; Awaiting hotel: it has, and the hotel has not
 * confirmed what stayed; Confirmed: it has; Disputed: the organizer disputed the confirmation.
 */
export const STATEMENT_STATUSES = ["Open", "Awaiting hotel", "Confirmed", "Disputed"] as const;
export type TStatementStatus = (typeof STATEMENT_STATUSES)[number];

const ZStayedCount = z.number().int().min(0).max(10_000);

export const ZStatementNight = z.object({
  night: ZIsoDate,
  roomTypeId: ZId,
  roomTypeName: z.string(),
  held: z.number().int(),
  booked: z.number().int(),
  /** The hotel's figure once confirmed, else what was booked. */
  stayed: z.number().int(),
  confirmed: z.boolean(),
  rate: z.number(),
});
export type TStatementNight = z.infer<typeof ZStatementNight>;

export const ZBlockStatement = z.object({
  blockId: ZId,
  status: z.enum(STATEMENT_STATUSES),
  event: z.object({ id: ZId, name: z.string(), startDate: ZIsoDate, endDate: ZIsoDate }),
  hotel: z.object({ id: ZId, name: z.string() }),
  attritionPercent: z.number().int(),
  compPerPaid: z.number().int().nullable(),
  nights: z.array(ZStatementNight),
  totals: z.object({
    held: z.number().int(),
    booked: z.number().int(),
    /** Room nights picked up: stayed where confirmed, booked elsewhere. */
    stayed: z.number().int(),
    /** floor(held × attritionPercent / 100): room nights that may go unsold without penalty. */
    allowance: z.number().int(),
    /** max(0, held − allowance − stayed), over the whole block. */
    shortfall: z.number().int(),
    /** shortfall × averageRate. */
    owed: z.number(),
    /** floor(stayed / compPerPaid); 0 without a comp policy. */
    comps: z.number().int(),
    /** comps × averageRate. */
    compValue: z.number(),
    /** The held-weighted average rate, to the cent. */
    averageRate: z.number(),
  }),
  confirmedDate: ZIsoDateTime.nullable(),
  confirmedBy: z.object({ id: ZId, name: z.string() }).nullable(),
});
export type TBlockStatement = z.infer<typeof ZBlockStatement>;

/** Body of `PUT /hotels/blocks/{id}/statement`: what stayed, every night of the block once. */
export const ZStatementConfirm = z.object({
  nights: z
    .array(z.object({ roomTypeId: ZId, night: ZIsoDate, stayed: ZStayedCount }))
    .min(1)
    .max(500),
});
export type TStatementConfirm = z.infer<typeof ZStatementConfirm>;

export const ZBlockMessage = z.object({
  id: ZId,
  side: z.enum(BLOCK_SIDES),
  /** Null once the person is gone, or hides themselves. */
  by: z.object({ id: ZId, name: z.string() }).nullable(),
  body: z.string(),
  /** The organizer disputes the confirmed statement with this message. */
  dispute: z.boolean(),
  createdDate: ZIsoDateTime,
});
export type TBlockMessage = z.infer<typeof ZBlockMessage>;

/** Body of `POST /hotels/blocks/{id}/messages`. */
export const ZBlockMessageInput = z.object({
  body: z.string().trim().min(1).max(4000),
  dispute: z.boolean().optional(),
});
export type TBlockMessageInput = z.infer<typeof ZBlockMessageInput>;
