// Every module of the server, in the order they register, and every listing kind. A new module is
// a folder under modules/ and a line in MODULES; a new kind, a line in KIND_MODULES.
import type { TProfileKind } from "@hostfield/domain/reference";
import { adminModule } from "./modules/admin";
import { assistantModule } from "./modules/assistant";
import { availabilityModule } from "./modules/availability";
import { businessesModule } from "./modules/businesses";
import { companiesModule } from "./modules/companies";
import { crmModule } from "./modules/crm";
import { destinationsModule } from "./modules/destinations";
import { eventsModule } from "./modules/events";
import { facilitiesModule } from "./modules/facilities";
import { groupsModule } from "./modules/groups";
import { homeModule } from "./modules/home";
import { hotelsModule } from "./modules/hotels";
import { notificationsModule } from "./modules/notifications";
import { organizationsModule } from "./modules/organizations";
import { paymentsModule } from "./modules/payments";
import { placesModule } from "./modules/places";
import { reportsModule } from "./modules/reports";
import { rfpsModule } from "./modules/rfps";
import { shortlistsModule } from "./modules/shortlists";
import { statusModule } from "./modules/status";
import { staysModule } from "./modules/stays";
import { storiesModule } from "./modules/stories";
import { usersModule } from "./modules/users";
import { hubModule } from "./platform/hub";
import type { TModule } from "./platform/module";
import { profilesModule, type TKindModule } from "./profiles";

/** One module for each listing kind; a kind without one does not compile. */
export const KIND_MODULES = {
  hotel: hotelsModule,
  destination: destinationsModule,
  facility: facilitiesModule,
  business: businessesModule,
  company: companiesModule,
  organization: organizationsModule,
  event: eventsModule,
} satisfies Record<TProfileKind, TKindModule>;

/** Sign-in first: every later route reads the caller it resolves. */
export const MODULES: readonly TModule[] = [
  usersModule,
  hubModule,
  statusModule,
  adminModule,
  groupsModule,
  notificationsModule,
  homeModule,
  profilesModule(KIND_MODULES),
  placesModule,
  availabilityModule,
  rfpsModule,
  shortlistsModule,
  staysModule,
  storiesModule,
  reportsModule,
  assistantModule,
  crmModule,
  paymentsModule,
];
