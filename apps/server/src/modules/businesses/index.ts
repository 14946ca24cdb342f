// Businesses: attractions, restaurants and things to do near events; a listing kind with no routes of its own.
import { kindModule } from "../../profiles";
import { businessDetails } from "./schema";

export const businessesModule = kindModule("business", { table: businessDetails });
