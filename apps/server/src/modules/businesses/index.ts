// Businesses: attractions and places near events, a listing kind with no routes of its own.
import type { TKindModule } from "../../profiles";
import { businessDescriptor } from "./descriptor";

export const businessesModule: TKindModule = {
  descriptor: businessDescriptor,
};
