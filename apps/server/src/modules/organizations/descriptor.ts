// Organizations: event organizers and industry partners (served by the event service).

import { ZOrganizationDetail } from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { organizationDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const organizationDescriptor: TKindDescriptor = {
  kind: "organization",
  ...PROFILE_API.organization,
  label: "organization",
  // The catalogue filters an organization's members at /managers/filtered.
  memberFilterAliases: ["managers"],
  children: ["images", "documents", "sports", "boosts"],
  detail: { schema: ZOrganizationDetail, table: organizationDetails },
  detailDefaults: { organizationType: null, eventInterestTypes: [] },
};
