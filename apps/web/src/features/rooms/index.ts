// The rooms feature's public face: the hotel managers' pages (rooms and rates, reservations,
// blocks), the organizers' hotel-block dashboard, and the links a listing's manage menu offers to
// them (profiles).
export { EventHotelsPage } from "./event-hotels-page";
export { HotelBlocksPage } from "./hotel-blocks-page";
export { HotelReservationsPage } from "./hotel-reservations-page";
export { HotelRoomsPage } from "./hotel-rooms-page";
export {
  eventHotelsPath,
  hotelBlocksPath,
  hotelReservationsPath,
  hotelRoomsPath,
  roomsManageLinks,
  type TManageLink,
} from "./rooms-paths";
