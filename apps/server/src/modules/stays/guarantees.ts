// The stays side of card guarantees (issue 47): a hotel's stay setting "require a card guarantee"
// (its managers', refused on while payments are off), a block's term over it, whether a booking
// asks for one (payments on, and the block's term or else the hotel's setting), the reservation as
// the payments module reads it to take and charge the card, and the receipt of a charge mailed to
// the guest and the hotel's managers. The guarantee itself (the card, its state, the charge) is
// the payments module's; a booking that asks for one tells it with a ReservationGuaranteeAsked
// event in the booking's transaction.
import type { THotelStaySettings, THotelStaySettingsInput } from "@hostfield/domain/contracts";
import {
  formatGuaranteeMoney,
  GUARANTEE_CHARGE_REASON_LABELS,
  type TGuaranteedReservation,
} from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import { conflict } from "../../platform/http/errors";
import type { TPlatform } from "../../platform/module";
import type { TStaysContext } from "./context";
import * as repo from "./repository";

/** The hotel's stay settings (the defaults while it never set them). */
export async function staySettings(
  ctx: TStaysContext,
  hotelId: string,
): Promise<THotelStaySettings> {
  const row = await repo.staySettingsOf(ctx.db, hotelId);
  return {
    hotelId,
    requireCardGuarantee: row?.requireCardGuarantee ?? false,
    paymentsEnabled: ctx.payments.guaranteesEnabled(),
  };
}

/** The hotel's managers set them; a card guarantee is refused on while payments are off (409). */
export async function saveStaySettings(
  ctx: TStaysContext,
  hotelId: string,
  principal: TPrincipal,
  input: THotelStaySettingsInput,
): Promise<THotelStaySettings> {
  if (input.requireCardGuarantee && !ctx.payments.guaranteesEnabled()) {
    throw conflict(
      "Card guarantees need payments set up on this server: ask an admin to set up payments first.",
      "PAYMENTS_NOT_CONFIGURED",
    );
  }
  await repo.saveStaySettings(ctx.db, {
    hotelId,
    requireCardGuarantee: input.requireCardGuarantee,
    updatedBy: principal.userId,
    at: ctx.now(),
  });
  return staySettings(ctx, hotelId);
}

/**
 * Whether a booking at the hotel (in `block`, when its nights come from one) asks for a card: never
 * while payments are off; else the block's term when it sets one, or the hotel's setting.
 */
export async function guaranteeRequiredFor(
  ctx: TStaysContext,
  hotelId: string,
  block: Pick<repo.TBlockRow, "requireCardGuarantee"> | null,
): Promise<boolean> {
  if (!ctx.payments.guaranteesEnabled()) return false;
  if (block?.requireCardGuarantee != null) return block.requireCardGuarantee;
  return (await repo.staySettingsOf(ctx.db, hotelId))?.requireCardGuarantee ?? false;
}

/** A reservation as guarantees read it (rules/guarantees.ts), from its row and nights. */
export const guaranteedStayOf = (
  row: repo.TReservationRow,
  nights: readonly { night: string; rate: number }[],
): TGuaranteedReservation => ({
  id: row.id,
  status: row.status,
  checkIn: row.checkIn,
  changeableUntil: row.changeableUntil,
  // A cancellation from before its date was kept: its last change is when it was cancelled.
  cancelledDate:
    row.status === "Cancelled" ? (row.cancelledDate ?? row.updatedDate).toISOString() : null,
  rooms: row.rooms,
  nights: nights.map((n) => ({ night: n.night, rate: n.rate })),
  createdDate: row.createdDate.toISOString(),
});

/**
 * The reservation as the payments module reads it to take and charge its guarantee (a service):
 * its stay, hotel, guest and whether a guarantee was asked; null when there is none.
 */
export async function guaranteeReservation(ctx: TStaysContext, reservationId: string) {
  const row = await repo.findReservation(ctx.db, reservationId);
  if (!row) return null;
  const [nights, hotels] = await Promise.all([
    repo.reservationNightsOf(ctx.db, [row.id]),
    ctx.profiles.profileNames([row.hotelId]),
  ]);
  return {
    ...guaranteedStayOf(row, nights),
    hotelId: row.hotelId,
    hotelName: hotels.get(row.hotelId)?.name ?? "Hotel",
    guestUserId: row.guestUserId,
    /** The booking account's address (the contact typed in the form may be anyone's). */
    accountEmail: row.accountEmail,
    guestName: row.guestName,
    confirmationNumber: row.confirmationNumber,
    checkOut: row.checkOut,
    guaranteeRequired: row.guaranteeRequired,
  };
}

const cardText = (card: { brand: string; last4: string }) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`;

/**
 * The receipt of a guarantee's charge, mailed to the guest (the account that booked) and each of
 * the hotel's managers once (one who is both, once): the amount, why, the card, the hotel, the stay
 * and the charge's id.
 */
export function subscribeGuaranteeReceiptMail(platform: TPlatform, ctx: TStaysContext) {
  platform.events.on("GuaranteeCharged", "stays.guarantee-receipt-mail", async (e, delivery) => {
    const [row, hotel] = await Promise.all([
      repo.findReservation(ctx.db, e.reservationId),
      ctx.profiles.listingAudience(e.hotelId),
    ]);
    if (!row) return;
    const hotelName = hotel?.profile.name ?? "the hotel";
    const managers = await ctx.users.mailboxes(hotel?.managerIds ?? []);
    const base = platform.config.publicUrl;
    const reason = GUARANTEE_CHARGE_REASON_LABELS[e.reason].toLowerCase();
    const amount = formatGuaranteeMoney(e.amountCents);
    const subject = `Receipt: ${amount} charged for reservation ${row.confirmationNumber} at ${hotelName}`;
    const facts = [
      `Amount: ${amount} (${e.currency.toUpperCase()})`,
      `Reason: ${GUARANTEE_CHARGE_REASON_LABELS[e.reason]}`,
      `Card: ${cardText(e.card)}`,
      `Hotel: ${hotelName}`,
      `Reservation: ${row.confirmationNumber}, check-in ${row.checkIn}, check-out ${row.checkOut}`,
      `Charged: ${e.chargedDate.slice(0, 10)}`,
      `Charge id: ${e.chargeId}`,
    ];
    const guestText = [
      `Hello ${row.guestName},`,
      "",
      `${hotelName} charged ${amount} to the card that guaranteed your reservation ${row.confirmationNumber}, for a ${reason} under its terms.`,
      "",
      ...facts,
      "",
      `Your reservation: ${base}/reservations/${row.id}`,
      "",
      "Hostfield",
    ].join("\n");
    const managerText = (name: string) =>
      [
        `Hello ${name},`,
        "",
        `${amount} was charged to the card guaranteeing reservation ${row.confirmationNumber} (${row.guestName}), for a ${reason}.`,
        "",
        ...facts,
        "",
        `The hotel's reservations: ${base}/hotels/${e.hotelId}/reservations`,
        "",
        "Hostfield",
      ].join("\n");
    // Marked once every mail is in the outbox: a failure sends them on the next delivery.
    await delivery.unlessDone(async () => {
      const guestTo = row.accountEmail ?? row.email;
      await platform.mailer.send({ to: guestTo, subject, text: guestText });
      for (const person of managers.values()) {
        if (person.email === guestTo) continue;
        await platform.mailer.send({ to: person.email, subject, text: managerText(person.name) });
      }
    });
  });
}
