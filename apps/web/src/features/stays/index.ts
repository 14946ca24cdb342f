// Hotel stays' public face: the event page's hotels section (profiles), my reservations (account),
// and the pages' paths. The reserve and reservation pages load as routes of their own.
export { EventHotelsSection, HOTELS_SECTION_TITLE } from "./event-hotels-section";
export { MyReservations, NO_RESERVATIONS } from "./my-reservations";
export {
  eventHotelsPath,
  HOTELS_SECTION_ID,
  reservationPath,
  reservePath,
  type TReserveParams,
} from "./stay-paths";
