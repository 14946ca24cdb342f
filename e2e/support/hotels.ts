// Hotels the journeys set up through the API, as their managers and an admin would.
import type { Page } from "@playwright/test";
import { api, type TApiCaller } from "./api";

/** Where a journey's hotel stands, and its address's city. */
export type THotelPlace = {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  lat: number;
  lng: number;
};

/**
 * A hotel of `owner`'s at `place`, approved by `admin` (listed), with one room type, Double Queen
 * at $189, and `sells` of them a night from `from` to `to` in its calendar (a proposed block needs
 * none; accepting one holds them); its id and the room type's.
 */
export async function listedHotel(
  owner: Page,
  admin: Page | TApiCaller,
  name: string,
  place: THotelPlace,
  sells?: { from: string; to: string; rooms: number; rate: number },
): Promise<{ hotelId: string; roomTypeId: string }> {
  const { street, city, state, postalCode, lat, lng } = place;
  const hotel = await api(
    owner,
    "POST",
    "/hotel-mgmt/api/hotels",
    { data: { name, address: { street, city, state, postalCode, country: "US" }, lat, lng } },
    201,
  );
  const hotelId = hotel!.data.id;
  await api(admin, "PUT", `/hotel-mgmt/api/hotels/${hotelId}/approve`);
  const room = await api(
    owner,
    "POST",
    `/hotel-mgmt/api/hotels/${hotelId}/rooms`,
    { data: { name: "Double Queen", beds: "2 Queen", maxOccupancy: 4, rackRate: 189 } },
    201,
  );
  const roomTypeId = room!.data.id;
  if (sells) {
    await api(owner, "PUT", `/hotel-mgmt/api/hotels/${hotelId}/calendar`, {
      data: {
        roomTypeIds: [roomTypeId],
        from: sells.from,
        to: sells.to,
        roomsToSell: sells.rooms,
        rate: sells.rate,
      },
    });
  }
  return { hotelId, roomTypeId };
}

/** The hotel's blocks, as its manager lists them. */
export async function blocksOfHotel(
  manager: Page,
  hotelId: string,
): Promise<{ id: string; status: string }[]> {
  const list = (await api(
    manager,
    "GET",
    `/hotel-mgmt/api/hotels/blocks?hotelId=${hotelId}`,
  )) as unknown as { data: { id: string; status: string }[] };
  return list.data;
}
