// Every listing kind the machinery serves, in one list.
import { businessDescriptor } from "../modules/businesses/descriptor";
import { companyDescriptor } from "../modules/companies/descriptor";
import { destinationDescriptor } from "../modules/destinations/descriptor";
import { eventDescriptor } from "../modules/events/descriptor";
import { facilityDescriptor } from "../modules/facilities/descriptor";
import { hotelDescriptor } from "../modules/hotels/descriptor";
import { organizationDescriptor } from "../modules/organizations/descriptor";
import type { TKindDescriptor } from "./descriptor";

export const PROFILE_DESCRIPTORS: readonly TKindDescriptor[] = [
  hotelDescriptor,
  destinationDescriptor,
  facilityDescriptor,
  businessDescriptor,
  companyDescriptor,
  organizationDescriptor,
  eventDescriptor,
];
