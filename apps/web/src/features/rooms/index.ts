// The rooms feature's public face: the addresses of its pages (a hotel's rooms and rates,
// reservations and blocks; an event's hotel blocks) and the links a listing's manage menu offers
// to them (profiles). Only these: the manage menu loads with every editor's listing page, and the
// pages themselves load on their own routes (app/routes.tsx).
export {
  hotelBlocksPath,
  hotelReservationsPath,
  hotelRoomsPath,
  roomsManageLinks,
  type TManageLink,
} from "./rooms-paths";
