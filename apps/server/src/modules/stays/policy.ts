// Who is who around a stay, and what each may do: a hotel's managers (who may edit the hotel) sell
// its rooms, see its reservations and answer blocks for it; an event's organizers (who may edit the
// event) ask for blocks and see the event's reservations; a guest sees and changes their own
// bookings until the change window closes; admins may do everything. Routes ask here.
import type { TProfileAbility } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TPrincipal } from "../../platform/http/access";
import { forbidden, unauthorized } from "../../platform/http/errors";
import type { TStaysContext } from "./context";
import type { TBlockRow, TReservationRow } from "./repository";

const abilitiesOn = (
  ctx: TStaysContext,
  kind: TProfileKind,
  id: string,
  principal: TPrincipal | null,
) => ctx.profiles.abilitiesOn(kind, id, principal);

const manages = (abilities: readonly TProfileAbility[]) => abilities.includes("profile.update");

export const managesHotel = async (ctx: TStaysContext, hotelId: string, p: TPrincipal | null) =>
  manages(await abilitiesOn(ctx, "hotel", hotelId, p));

export const organizesEvent = async (ctx: TStaysContext, eventId: string, p: TPrincipal | null) =>
  manages(await abilitiesOn(ctx, "event", eventId, p));

/** The hotel (404 when hidden from the caller) for its managers; 401 or 403 for anyone else. */
export async function requireHotelManager(
  ctx: TStaysContext,
  hotelId: string,
  principal: TPrincipal | null,
): Promise<void> {
  if (!principal) throw unauthorized();
  const { abilities } = await ctx.profiles.accessProfile("hotel", hotelId, principal);
  if (!manages(abilities)) throw forbidden("Only the hotel's managers may do this.");
}

/** The event (404 when hidden from the caller) for its organizers; 401 or 403 for anyone else. */
export async function requireOrganizer(
  ctx: TStaysContext,
  eventId: string,
  principal: TPrincipal | null,
): Promise<void> {
  if (!principal) throw unauthorized();
  const { abilities } = await ctx.profiles.accessProfile("event", eventId, principal);
  if (!manages(abilities)) throw forbidden("Only the event's organizers may do this.");
}

/** The sides of a block the caller speaks for (both for an admin, or one who runs both). */
export type TBlockParty = { hotel: boolean; organizer: boolean };

export async function blockParty(
  ctx: TStaysContext,
  block: Pick<TBlockRow, "hotelId" | "eventId">,
  principal: TPrincipal | null,
): Promise<TBlockParty> {
  if (!principal) return { hotel: false, organizer: false };
  const [hotel, organizer] = await Promise.all([
    managesHotel(ctx, block.hotelId, principal),
    organizesEvent(ctx, block.eventId, principal),
  ]);
  return { hotel, organizer };
}

/** Who may read a reservation (with the guest's contact details): the guest, the hotel, the event. */
export async function readsReservation(
  ctx: TStaysContext,
  reservation: Pick<TReservationRow, "guestUserId" | "hotelId" | "eventId">,
  principal: TPrincipal | null,
): Promise<{ guest: boolean; hotel: boolean; organizer: boolean }> {
  if (!principal) return { guest: false, hotel: false, organizer: false };
  const [hotel, organizer] = await Promise.all([
    managesHotel(ctx, reservation.hotelId, principal),
    reservation.eventId ? organizesEvent(ctx, reservation.eventId, principal) : false,
  ]);
  return { guest: reservation.guestUserId === principal.userId, hotel, organizer };
}
