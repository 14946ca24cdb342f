// Hotel stays' public face: the event page's hotels section (profiles) and its stay information
// (the deal section reads the event's blocks from the same query), my reservations (account), and
// the pages' paths. The reserve and reservation pages load as routes of their own.
export { EventHotelsSection, HOTELS_SECTION_TITLE } from "./event-hotels-section";
export { MyReservations, NO_RESERVATIONS } from "./my-reservations";
export {
  reservationPath,
  reservePath,
  type TReserveParams,
} from "./stay-paths";
export { cancelReservation, getEventStayInfo, getRoomTypes, stayKeys } from "./stays-api";
