// What each demo account owns: a few listings of its kind, approved and active, to manage.
import type { TProfileKind } from "@hostfield/domain/reference";
import { DEMO_USERS, type TDemoUser } from "./accounts";
import type { TBuilder } from "./builder";
import type { TCompanies } from "./companies";
import type { TEventsByOrganization } from "./events";
import type { TDemoNetwork, TProfileRow } from "./network";
import type { TEventOrganization } from "./organizations";

/** Makes the demo accounts owners of their listings; returns the ids of the listings owned. */
export function giveDemoAccountsListings(
  b: TBuilder,
  made: {
    companies: TCompanies;
    organizations: readonly TEventOrganization[];
    eventsByOrganization: TEventsByOrganization;
  },
): ReadonlySet<string> {
  const { network } = b;
  const byKind = (kind: TProfileKind) => network.profiles.filter((p) => p.kind === kind);
  const owned = new Set<string>();
  const own = ownerMaker(network, owned);
  const destinationRows = byKind("destination");
  own(DEMO_USERS.destination, destinationRows.slice(0, 2));
  const homeDestination = destinationRows[0];
  const linkedFacilities = new Set(
    network.facilityDestinations
      .filter((link) => link.destinationId === homeDestination?.id)
      .map((link) => link.facilityId),
  );
  const facilityRows = byKind("facility");
  const homeFacilities = facilityRows.filter((f) => linkedFacilities.has(f.id)).slice(0, 5);
  own(DEMO_USERS.facility, homeFacilities.length >= 3 ? homeFacilities : facilityRows.slice(0, 5));
  const hotelGroupId = made.companies.get("hotels")?.[0];
  const groupHotels = new Set(
    network.profileCompanies.filter((l) => l.companyId === hotelGroupId).map((l) => l.profileId),
  );
  own(
    DEMO_USERS.hotel,
    network.profiles.filter((p) => p.id === hotelGroupId),
  );
  own(
    DEMO_USERS.hotel,
    byKind("hotel")
      .filter((h) => groupHotels.has(h.id))
      .slice(0, 5),
  );
  own(DEMO_USERS.business, byKind("business").slice(0, 3));
  own(
    DEMO_USERS.vendor,
    byKind("company")
      .filter((c) => c.id !== hotelGroupId)
      .slice(0, 2),
  );
  const ownedOrganizations = made.organizations.slice(0, 3).map((o) => o.row);
  own(DEMO_USERS.organizer, ownedOrganizations);
  const eventById = new Map(byKind("event").map((p) => [p.id, p]));
  own(
    DEMO_USERS.organizer,
    ownedOrganizations
      .flatMap((o) => made.eventsByOrganization.get(o.id) ?? [])
      .slice(0, 10)
      .map((id) => eventById.get(id)!),
  );
  return owned;
}

/** Makes a user the owner of rows (approved, active, theirs), once each; adds them to `owned`. */
function ownerMaker(network: TDemoNetwork, owned: Set<string>) {
  return (user: TDemoUser, rows: readonly TProfileRow[]) => {
    for (const row of rows) {
      if (network.profileMembers.some((m) => m.profileId === row.id && m.userId === user.id))
        continue;
      row.status = "approved";
      row.isActive = true;
      row.createdBy = user.id;
      row.updatedBy = user.id;
      owned.add(row.id);
      network.profileMembers.push({
        profileId: row.id,
        userId: user.id,
        role: "owner",
        createdBy: DEMO_USERS.admin.id,
        updatedBy: DEMO_USERS.admin.id,
      });
    }
  };
}
