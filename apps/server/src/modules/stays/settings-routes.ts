// A hotel's stay settings (under /hotel-mgmt/api): how it takes bookings, for its managers. For now
// one setting: whether each booking must be guaranteed by a card (while payments are on; a block's
// terms may say otherwise).
import {
  ZHotelStaySettings,
  ZHotelStaySettingsInput,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf } from "../../platform/http/route-def";
import { ZIdParams } from "../../platform/http/schemas";
import type { TStaysContext } from "./context";
import { saveStaySettings, staySettings } from "./guarantees";
import { stayPolicies } from "./route-access";

const TAGS = ["hotel stays"];

export async function staySettingsRoutes(app: FastifyInstance, options: { ctx: TStaysContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  const { hotelManager } = stayPolicies(ctx);

  add({
    method: "GET",
    url: "/hotels/:id/stay-settings",
    summary:
      "How the hotel takes bookings: whether a card must guarantee each one, and whether payments are on (without them none is asked) (not in the catalogue)",
    access: hotelManager,
    params: ZIdParams,
    response: zDataEnvelope(ZHotelStaySettings),
    handler: async (request) => envelope(await staySettings(ctx, request.params.id)),
  });
  add({
    method: "PUT",
    url: "/hotels/:id/stay-settings",
    summary:
      "Set how the hotel takes bookings: require a card guarantee for each (409 PAYMENTS_NOT_CONFIGURED to turn it on while payments are off); a block's terms may say otherwise (not in the catalogue)",
    access: hotelManager,
    params: ZIdParams,
    body: zDataBody(ZHotelStaySettingsInput),
    response: zDataEnvelope(ZHotelStaySettings),
    handler: async (request) =>
      envelope(
        await saveStaySettings(ctx, request.params.id, principalOf(request), request.body.data),
      ),
  });
}
