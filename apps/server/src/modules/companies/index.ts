// Companies: industry partners and vendors; a listing kind with no routes of its own.
import { kindModule } from "../../profiles";
import { companyDetails } from "./schema";

export const companiesModule = kindModule("company", { table: companyDetails });
