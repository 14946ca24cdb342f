// Companies: industry partners and vendors, a listing kind with no routes of its own.
import type { TKindModule } from "../../profiles";
import { companyDescriptor } from "./descriptor";

export const companiesModule: TKindModule = {
  descriptor: companyDescriptor,
};
