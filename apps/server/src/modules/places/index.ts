// Places: what is around a destination (its facilities, the hotels and upcoming events near it)
// and the landing pages of the states of spec §9, read through the listing services.
import { defineModule } from "../../platform/module";
import { placeRoutes } from "./routes";

export const placesModule = defineModule({
  name: "places",
  async register(app, _platform, services) {
    await app.register(placeRoutes, { profiles: () => services.profiles });
  },
});
