// Destinations: visitors bureaus and sports commissions, a listing kind with no routes of its own.
import type { TKindModule } from "../../profiles";
import { destinationDescriptor } from "./descriptor";

export const destinationsModule: TKindModule = {
  descriptor: destinationDescriptor,
};
