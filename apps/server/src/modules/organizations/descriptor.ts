// Organizations: event organizers and industry partners (served by the event service).
import { ZOrganizationDetail } from "@hostfield/domain/contracts";
import { organizationDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const organizationDescriptor: TKindDescriptor = {
  kind: "organization",
  service: "event-mgmt",
  path: "organizations",
  label: "organization",
  reaction: "followers",
  memberWord: "members",
  // The catalogue filters an organization's members at /managers/filtered.
  memberFilterAliases: ["managers"],
  children: ["images", "documents", "sports", "boosts"],
  detail: { schema: ZOrganizationDetail, table: organizationDetails },
  detailDefaults: { organizationType: null, eventInterestTypes: [] },
};
