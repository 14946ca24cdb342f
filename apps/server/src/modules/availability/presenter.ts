// The API shapes of a calendar's range (its note only for the venue's managers) and of its sync.
import type { TAvailabilityRange, TCalendarSync } from "@hostfield/domain/contracts";
import type { TRangeRow } from "./repository";
import type { TSettingsRow } from "./sync-repository";

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

/** The calendar's sync as its managers see it (no settings yet: nothing set). */
export function presentSync(row: TSettingsRow | null): TCalendarSync {
  return {
    feedUrl: row?.feedUrl ?? null,
    lastImportedAt: row?.lastImportedAt?.toISOString() ?? null,
    importedRanges: row?.importedCount ?? null,
    importNotes: row?.importNotes ?? [],
    failingSince: row?.failingSince?.toISOString() ?? null,
    failure: row?.failure ?? null,
    exportCreatedAt: row?.exportCreatedAt?.toISOString() ?? null,
  };
}
