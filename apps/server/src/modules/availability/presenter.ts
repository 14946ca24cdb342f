// The API shape of a calendar's range; its note only for the venue's managers.
import type { TAvailabilityRange } from "@hostfield/domain/contracts";
import type { TRangeRow } from "./repository";

export function presentRange(row: TRangeRow, showNote: boolean): TAvailabilityRange {
  return {
    id: row.id,
    kind: row.kind,
    startDate: row.startDate,
    endDate: row.endDate,
    spaceTypeId: row.spaceTypeId,
    spaces: row.spaces,
    discountPercent: row.discountPercent,
    note: showNote ? row.note : null,
    source: row.source,
    eventId: showNote ? row.eventId : null,
    createdDate: row.createdDate.toISOString(),
  };
}
