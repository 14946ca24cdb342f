// Hotels the journeys set up through the API, as their managers and an admin would.
import type { Page } from "@playwright/test";
import { apiClient, replyOf, type TApiCaller } from "./api";

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
  const api = apiClient(owner);
  const hotel = await replyOf(
    api.POST("/hotel-mgmt/api/hotels", {
      body: {
        data: { name, address: { street, city, state, postalCode, country: "US" }, lat, lng },
      },
    }),
    201,
  );
  const hotelId = hotel.data.id;
  const path = { id: hotelId };
  await replyOf(apiClient(admin).PUT("/hotel-mgmt/api/hotels/{id}/approve", { params: { path } }));
  const room = await replyOf(
    api.POST("/hotel-mgmt/api/hotels/{id}/rooms", {
      params: { path },
      body: { data: { name: "Double Queen", beds: "2 Queen", maxOccupancy: 4, rackRate: 189 } },
    }),
    201,
  );
  const roomTypeId = room.data.id;
  if (sells) {
    await replyOf(
      api.PUT("/hotel-mgmt/api/hotels/{id}/calendar", {
        params: { path },
        body: {
          data: {
            roomTypeIds: [roomTypeId],
            from: sells.from,
            to: sells.to,
            roomsToSell: sells.rooms,
            rate: sells.rate,
          },
        },
      }),
    );
  }
  return { hotelId, roomTypeId };
}

/** The hotel's blocks, as its manager lists them. */
export async function blocksOfHotel(
  manager: Page,
  hotelId: string,
): Promise<{ id: string; status: string }[]> {
  const list = await replyOf(
    apiClient(manager).GET("/hotel-mgmt/api/hotels/blocks", { params: { query: { hotelId } } }),
  );
  return list.data;
}
