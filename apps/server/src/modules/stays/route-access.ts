// Who may call the stays module's routes, as route policies (routes.ts, team-routes.ts and
// statement-routes.ts share them): a hotel's managers, anyone for a hotel they may see, an event's
// organizers, the two sides of a block, and the three parties of a reservation. The rules
// themselves are policy.ts's (and accessBlock's, accessReservation's); here they meet a request.
import { access, principalOf } from "../../platform/http/access";
import type { TRequestWithParams } from "../../platform/http/route-def";
import { accessBlock } from "./blocks";
import type { TStaysContext } from "./context";
import { requireHotelManager, requireOrganizer } from "./policy";
import { accessReservation } from "./reservations";

type TOnHotel = TRequestWithParams<{ id: string }>;

export function stayPolicies(ctx: TStaysContext) {
  return {
    hotelManager: access.policy<TOnHotel>(
      "a manager of the hotel (someone who may edit it), or an admin",
      (request) => requireHotelManager(ctx, request.params.id, request.principal),
    ),
    hotelListed: access.policy<TOnHotel>(
      "anyone, for a hotel they may see (listed, or one of their own)",
      async (request) => {
        await ctx.profiles.accessProfile("hotel", request.params.id, request.principal);
      },
    ),
    eventOrganizer: access.policy<TRequestWithParams<{ eventId: string }>>(
      "the event's organizers (who may edit it), or an admin",
      (request) => requireOrganizer(ctx, request.params.eventId, request.principal),
    ),
    onBlock: access.policy<TRequestWithParams<{ blockId: string }>>(
      "the hotel's managers or the event's organizers (404 for anyone else), or an admin",
      async (request) => {
        await accessBlock(ctx, request.params.blockId, principalOf(request));
      },
    ),
    onReservation: access.policy<TRequestWithParams<{ reservationId: string }>>(
      "the guest, the hotel's managers or the event's organizers (404 for anyone else), or an admin",
      async (request) => {
        await accessReservation(ctx, request.params.reservationId, principalOf(request));
      },
    ),
  };
}
