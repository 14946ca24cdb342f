// Hotel stays' public face: the event page's hotels section (profiles) and its stay information
// (the deal section reads the event's blocks from the same query), my reservations (account), and
// the pages' paths; what a team's booking link shows (the teams feature's page) and its messages.
// The reserve and reservation pages load as routes of their own.
export { EventHotelsSection, HOTELS_SECTION_TITLE } from "./event-hotels-section";
export { MyReservations, NO_RESERVATIONS } from "./my-reservations";
export {
  reservationPath,
  reservePath,
  type TReserveParams,
  teamBookingPath,
} from "./stay-paths";
export {
  cancelReservation,
  getEventStayInfo,
  getRoomTypes,
  getTeamBooking,
  stayKeys,
} from "./stays-api";
export { TEAM_LINK_NOT_FOUND, TEAM_LINK_REPLACED } from "./team-link-notice";
