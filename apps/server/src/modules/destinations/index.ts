// Destinations: visitors bureaus and sports commissions that bring events to their area; a listing kind with no routes of its own.
import { kindModule } from "../../profiles";
import { destinationDetails } from "./schema";

export const destinationsModule = kindModule("destination", { table: destinationDetails });
