// An event's teams and their stays: the organizers type teams in or upload them as CSV (all or
// nothing), each with a contact and the rooms it needs; each team has a booking link (a capability
// URL, `team-links.ts`) through which its manager sees the event's open blocks without an account
// and books into them (reservations.ts records the team). The overview reads, per team, what its
// confirmed reservations booked in the event's blocks and outside them (stay-to-play), in one
// statement; a reminder mails the contacts of the teams not yet booked, each at most once in
// TEAM_REMINDER_HOURS (marked with a TeamStayReminder event in the same transaction).
import {
  TEAM_REMINDER_HOURS,
  TEAMS_MAX,
  type TTeam,
  type TTeamBooking,
  type TTeamBookingStatus,
  type TTeamInput,
  type TTeamsImportResult,
  type TTeamsOverview,
  type TTeamsReminded,
} from "@hostfield/domain/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { inTransaction, type TDb } from "../../platform/db/database";
import { AppError, notFound } from "../../platform/http/errors";
import type { TPlatform } from "../../platform/module";
import { mediaRef } from "../../profiles";
import { type TStaysContext, todayOf } from "./context";
import * as repo from "./repository";
import { eventStayRules, eventTeams, hotelBlocks, reservationNights, reservations } from "./schema";
import { readTeamLink, requireCurrentLink, teamBookingPath } from "./team-links";
import { csvTooMany, parseTeamsCsv } from "./teams-csv";

export type TTeamRow = typeof eventTeams.$inferSelect;

type TFigures = {
  reservations: number;
  roomsBooked: number;
  roomNights: number;
  outsideRoomNights: number;
};
const NONE: TFigures = { reservations: 0, roomsBooked: 0, roomNights: 0, outsideRoomNights: 0 };

// ---- queries -------------------------------------------------------------------------------

const teamsOf = (db: TDb, eventId: string) =>
  db
    .select()
    .from(eventTeams)
    .where(eq(eventTeams.eventId, eventId))
    .orderBy(asc(sql`lower(${eventTeams.name})`), asc(eventTeams.name));

async function teamOfEvent(db: TDb, eventId: string, teamId: string) {
  const [row] = await db
    .select()
    .from(eventTeams)
    .where(and(eq(eventTeams.eventId, eventId), eq(eventTeams.id, teamId)));
  if (!row) throw notFound("The team");
  return row;
}

async function findTeam(db: TDb, teamId: string, lock?: "share") {
  const query = db.select().from(eventTeams).where(eq(eventTeams.id, teamId));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

/** One event's team writes at a time (the TEAMS_MAX count and the names stay true). */
const lockEventTeams = (tx: TDb, eventId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`event_teams:${eventId}`}))`);

async function stayToPlayOf(db: TDb, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ stayToPlay: eventStayRules.stayToPlay })
    .from(eventStayRules)
    .where(eq(eventStayRules.eventId, eventId));
  return row?.stayToPlay ?? false;
}

/**
 * What each of the event's teams booked, from confirmed reservations: those made through its link
 * (team_id), and those for the event that name it without the link (a manager who booked from the
 * event's page and typed the team's name; case and spaces aside). Nights taken from a block of this
 * event count for the team (reservations, room nights, its busiest night's rooms); any other night
 * is outside the blocks, what stay-to-play forbids.
 */
async function figuresOf(db: TDb, eventId: string): Promise<Map<string, TFigures>> {
  const result = await db.execute<{
    team_id: string;
    reservations: number;
    rooms_booked: number;
    room_nights: number;
    outside_room_nights: number;
  }>(sql`
    with teams as (
      select t.id, lower(t.name) as name from ${eventTeams} t where t.event_id = ${eventId}
    ),
    nights as (
      select t.id as team_id, r.id as reservation_id, rn.night, r.rooms,
             coalesce(b.event_id = ${eventId}, false) as inside
      from ${reservations} r
      join teams t on t.id = r.team_id
        or (r.team_id is null and r.event_id = ${eventId} and lower(btrim(r.team)) = t.name)
      join ${reservationNights} rn on rn.reservation_id = r.id
      left join ${hotelBlocks} b on b.id = rn.block_id
      where r.status = 'Confirmed'
    ),
    busiest as (
      select team_id, max(rooms) as rooms_booked
      from (
        select team_id, night, sum(rooms) as rooms from nights where inside group by team_id, night
      ) per_night
      group by team_id
    )
    select n.team_id,
           (count(distinct n.reservation_id) filter (where n.inside))::int as reservations,
           coalesce(max(bz.rooms_booked), 0)::int as rooms_booked,
           coalesce(sum(n.rooms) filter (where n.inside), 0)::int as room_nights,
           coalesce(sum(n.rooms) filter (where not n.inside), 0)::int as outside_room_nights
    from nights n
    left join busiest bz on bz.team_id = n.team_id
    group by n.team_id`);
  return new Map(
    result.rows.map((r) => [
      r.team_id,
      {
        reservations: Number(r.reservations),
        roomsBooked: Number(r.rooms_booked),
        roomNights: Number(r.room_nights),
        outsideRoomNights: Number(r.outside_room_nights),
      },
    ]),
  );
}

// ---- presenting ----------------------------------------------------------------------------

/** Booked: the busiest night has the rooms needed; partly with fewer; not booked with none. */
export const teamStatus = (roomsNeeded: number, roomsBooked: number): TTeamBookingStatus =>
  roomsBooked >= roomsNeeded ? "Booked" : roomsBooked > 0 ? "Partly booked" : "Not booked";

function presentTeam(ctx: TStaysContext, row: TTeamRow, figures: TFigures): TTeam {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    roomsNeeded: row.roomsNeeded,
    bookingPath: teamBookingPath(ctx, row.id, row.linkVersion),
    ...figures,
    status: teamStatus(row.roomsNeeded, figures.roomsBooked),
    remindedDate: row.remindedDate ? row.remindedDate.toISOString() : null,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

async function presentOne(ctx: TStaysContext, row: TTeamRow): Promise<TTeam> {
  const figures = await figuresOf(ctx.db, row.eventId);
  return presentTeam(ctx, row, figures.get(row.id) ?? NONE);
}

export async function teamsOverview(ctx: TStaysContext, eventId: string): Promise<TTeamsOverview> {
  const [rows, figures, stayToPlay] = await Promise.all([
    teamsOf(ctx.db, eventId),
    figuresOf(ctx.db, eventId),
    stayToPlayOf(ctx.db, eventId),
  ]);
  const teams = rows.map((row) => presentTeam(ctx, row, figures.get(row.id) ?? NONE));
  const count = (status: TTeamBookingStatus) => teams.filter((t) => t.status === status).length;
  return {
    eventId,
    stayToPlay,
    teams,
    counts: {
      teams: teams.length,
      booked: count("Booked"),
      partlyBooked: count("Partly booked"),
      notBooked: count("Not booked"),
    },
  };
}

// ---- typing teams in -----------------------------------------------------------------------

const nameTaken = (name: string) =>
  new AppError("TEAM_NAME_TAKEN", 409, `The event already has a team named "${name}".`);

/** The unique index on (event, lower(name)) refused a write another request got in first. */
const nameClash = (error: unknown) => {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  return code === "23505" && constraint === "event_teams_event_name_key";
};

async function sameName(db: TDb, eventId: string, name: string, except?: string) {
  const [row] = await db
    .select({ id: eventTeams.id })
    .from(eventTeams)
    .where(
      and(
        eq(eventTeams.eventId, eventId),
        sql`lower(${eventTeams.name}) = lower(${name})`,
        except ? sql`${eventTeams.id} <> ${except}` : undefined,
      ),
    );
  return !!row;
}

async function withNameCheck<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name !== undefined && nameClash(error)) throw nameTaken(name);
    throw error;
  }
}

export async function createTeam(
  ctx: TStaysContext,
  eventId: string,
  userId: string,
  input: TTeamInput,
): Promise<TTeam> {
  const row = await withNameCheck(input.name, () =>
    inTransaction(ctx.db, async (tx) => {
      await lockEventTeams(tx, eventId);
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(eventTeams)
        .where(eq(eventTeams.eventId, eventId));
      if ((counted?.n ?? 0) >= TEAMS_MAX) {
        throw new AppError(
          "TEAMS_TOO_MANY",
          409,
          `An event has at most ${TEAMS_MAX} teams: remove one before adding another.`,
        );
      }
      if (await sameName(tx, eventId, input.name)) throw nameTaken(input.name);
      const [created] = await tx
        .insert(eventTeams)
        .values({
          eventId,
          name: input.name,
          contactName: input.contactName,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone || null,
          roomsNeeded: input.roomsNeeded,
          createdBy: userId,
          updatedBy: userId,
        })
        .returning();
      return created!;
    }),
  );
  return presentTeam(ctx, row, NONE);
}

export async function updateTeam(
  ctx: TStaysContext,
  eventId: string,
  teamId: string,
  userId: string,
  change: Partial<TTeamInput>,
): Promise<TTeam> {
  const row = await withNameCheck(change.name, () =>
    inTransaction(ctx.db, async (tx) => {
      await lockEventTeams(tx, eventId);
      const team = await teamOfEvent(tx, eventId, teamId);
      if (change.name !== undefined && (await sameName(tx, eventId, change.name, teamId))) {
        throw nameTaken(change.name);
      }
      const [updated] = await tx
        .update(eventTeams)
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.contactName !== undefined ? { contactName: change.contactName } : {}),
          ...(change.contactEmail !== undefined ? { contactEmail: change.contactEmail } : {}),
          ...(change.contactPhone !== undefined
            ? { contactPhone: change.contactPhone || null }
            : {}),
          ...(change.roomsNeeded !== undefined ? { roomsNeeded: change.roomsNeeded } : {}),
          updatedBy: userId,
          updatedDate: ctx.now(),
        })
        .where(eq(eventTeams.id, teamId))
        .returning();
      // Its reservations carry its name: a renamed team's bookings read the new one.
      if (change.name !== undefined && change.name !== team.name) {
        await tx
          .update(reservations)
          .set({ team: change.name })
          .where(eq(reservations.teamId, teamId));
      }
      return updated!;
    }),
  );
  return presentOne(ctx, row);
}

/** Removes the team; its reservations stay, with its name and no team id (the key sets it null). */
export async function deleteTeam(ctx: TStaysContext, eventId: string, teamId: string) {
  await teamOfEvent(ctx.db, eventId, teamId);
  await ctx.db
    .delete(eventTeams)
    .where(and(eq(eventTeams.eventId, eventId), eq(eventTeams.id, teamId)));
}

/** A new booking link for the team: the version moves on, so every earlier link answers 410. */
export async function revokeTeamLink(
  ctx: TStaysContext,
  eventId: string,
  teamId: string,
  userId: string,
): Promise<TTeam> {
  await teamOfEvent(ctx.db, eventId, teamId);
  const [row] = await ctx.db
    .update(eventTeams)
    .set({
      linkVersion: sql`${eventTeams.linkVersion} + 1`,
      updatedBy: userId,
      updatedDate: ctx.now(),
    })
    .where(and(eq(eventTeams.eventId, eventId), eq(eventTeams.id, teamId)))
    .returning();
  if (!row) throw notFound("The team");
  return presentOne(ctx, row);
}

export async function setStayToPlay(
  ctx: TStaysContext,
  eventId: string,
  required: boolean,
): Promise<TTeamsOverview> {
  await ctx.db
    .insert(eventStayRules)
    .values({ eventId, stayToPlay: required, updatedDate: ctx.now() })
    .onConflictDoUpdate({
      target: eventStayRules.eventId,
      set: { stayToPlay: required, updatedDate: ctx.now() },
    });
  return teamsOverview(ctx, eventId);
}

// ---- the CSV upload ------------------------------------------------------------------------

/**
 * Adds the file's teams and changes those whose name (without case) is already a team's, in one
 * transaction: a bad row, or more than TEAMS_MAX teams in all, leaves the event's teams as they were.
 */
export async function importTeams(
  ctx: TStaysContext,
  eventId: string,
  userId: string,
  csv: string,
): Promise<TTeamsImportResult> {
  const rows = parseTeamsCsv(csv);
  const { added, changed } = await inTransaction(ctx.db, async (tx) => {
    await lockEventTeams(tx, eventId);
    const existing = new Map((await teamsOf(tx, eventId)).map((t) => [t.name.toLowerCase(), t]));
    const fresh = rows.filter((r) => !existing.has(r.team.name.toLowerCase()));
    if (existing.size + fresh.length > TEAMS_MAX) {
      // The first row that does not fit.
      throw csvTooMany(fresh[TEAMS_MAX - existing.size]!.line);
    }
    let changedCount = 0;
    for (const { team } of rows) {
      const current = existing.get(team.name.toLowerCase());
      if (!current) continue;
      const phone = team.contactPhone || null;
      if (
        current.name === team.name &&
        current.contactName === team.contactName &&
        current.contactEmail === team.contactEmail &&
        current.contactPhone === phone &&
        current.roomsNeeded === team.roomsNeeded
      ) {
        continue;
      }
      await tx
        .update(eventTeams)
        .set({
          name: team.name,
          contactName: team.contactName,
          contactEmail: team.contactEmail,
          contactPhone: phone,
          roomsNeeded: team.roomsNeeded,
          updatedBy: userId,
          updatedDate: ctx.now(),
        })
        .where(eq(eventTeams.id, current.id));
      if (current.name !== team.name) {
        await tx
          .update(reservations)
          .set({ team: team.name })
          .where(eq(reservations.teamId, current.id));
      }
      changedCount += 1;
    }
    if (fresh.length > 0) {
      await tx.insert(eventTeams).values(
        fresh.map(({ team }) => ({
          eventId,
          name: team.name,
          contactName: team.contactName,
          contactEmail: team.contactEmail,
          contactPhone: team.contactPhone || null,
          roomsNeeded: team.roomsNeeded,
          createdBy: userId,
          updatedBy: userId,
        })),
      );
    }
    return { added: fresh.length, changed: changedCount };
  });
  return { added, changed, overview: await teamsOverview(ctx, eventId) };
}

// ---- reminders -----------------------------------------------------------------------------

/**
 * Marks each team not yet booked that was not reminded in TEAM_REMINDER_HOURS, and records a
 * TeamStayReminder for it, in one transaction (a conditional UPDATE: of two calls at once, one
 * marks each team); the subscriber mails its contact.
 */
export async function remindTeams(ctx: TStaysContext, eventId: string): Promise<TTeamsReminded> {
  const now = ctx.now();
  const since = new Date(now.getTime() - TEAM_REMINDER_HOURS * 3_600_000);
  return inTransaction(ctx.db, async (tx) => {
    const [teams, figures] = await Promise.all([teamsOf(tx, eventId), figuresOf(tx, eventId)]);
    const unbooked = teams.filter(
      (t) => teamStatus(t.roomsNeeded, (figures.get(t.id) ?? NONE).roomsBooked) !== "Booked",
    );
    let reminded = 0;
    for (const team of unbooked) {
      const marked = await tx
        .update(eventTeams)
        .set({ remindedDate: now })
        .where(
          and(
            eq(eventTeams.id, team.id),
            sql`(${eventTeams.remindedDate} is null or ${eventTeams.remindedDate} <= ${since.toISOString()})`,
          ),
        )
        .returning({ id: eventTeams.id });
      if (marked.length === 0) continue;
      const f = figures.get(team.id) ?? NONE;
      await ctx.events.record(tx, "TeamStayReminder", {
        teamId: team.id,
        eventId,
        roomsNeeded: team.roomsNeeded,
        roomsBooked: f.roomsBooked,
        roomNights: f.roomNights,
      });
      reminded += 1;
    }
    return { reminded, skipped: unbooked.length - reminded };
  });
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Mails the team's contact what it needs and has booked, with its booking link as it is now. */
export function subscribeTeamReminderMail(platform: TPlatform, ctx: TStaysContext) {
  platform.events.on("TeamStayReminder", "stays.team-reminder-mail", async (e, delivery) => {
    const team = await findTeam(ctx.db, e.teamId);
    // A team removed since has no link to send.
    if (!team) return;
    const [event, stayToPlay] = await Promise.all([
      ctx.profiles.profilesByIds("event", [e.eventId]).then((m) => m.get(e.eventId)),
      stayToPlayOf(ctx.db, e.eventId),
    ]);
    if (!event) return;
    const link = `${platform.config.publicUrl}${teamBookingPath(ctx, team.id, team.linkVersion)}`;
    const dates = event.detail?.startDate
      ? ` (${String(event.detail.startDate)} to ${String(event.detail.endDate ?? event.detail.startDate)})`
      : "";
    const text = [
      `Hello ${team.contactName},`,
      "",
      `${team.name} has not booked all its hotel rooms for ${event.name}${dates} yet.`,
      "",
      `Rooms needed: ${e.roomsNeeded}`,
      `Booked in the event's room blocks: ${plural(e.roomsBooked, "room")} on the busiest night, ${plural(e.roomNights, "room night")} in all`,
      "",
      ...(stayToPlay
        ? ["The event requires every team to stay in its room blocks (stay-to-play).", ""]
        : []),
      `Book the team's rooms here (no account needed to look): ${link}`,
      "",
      "Hostfield",
    ].join("\n");
    // Marked once the mail is in the outbox: a failure sends it on the next delivery.
    await delivery.unlessDone(() =>
      platform.mailer.send({
        to: team.contactEmail,
        subject: `Hotel rooms for ${team.name}: ${event.name}`,
        text,
      }),
    );
  });
}

// ---- the team's link -----------------------------------------------------------------------

/** The team a link names, when the link is current: 404 TEAM_LINK_NOT_FOUND, 410 TEAM_LINK_REVOKED. */
export async function teamOfLink(ctx: TStaysContext, token: string): Promise<TTeamRow> {
  const { teamId, version } = readTeamLink(ctx, token);
  return requireCurrentLink(await findTeam(ctx.db, teamId), version);
}

/** The link checked again in a booking's transaction, the team held against a revoke meanwhile. */
export async function lockTeamOfLink(ctx: TStaysContext, tx: TDb, token: string) {
  const { teamId, version } = readTeamLink(ctx, token);
  return requireCurrentLink(await findTeam(tx, teamId, "share"), version);
}

/**
 * A booking through a team's link takes every night from a block of the team's event: 409
 * TEAM_LINK_BLOCK_ONLY otherwise (the blocks' state is checked when the rooms are taken).
 */
export async function requireTeamStay(
  ctx: TStaysContext,
  team: Pick<TTeamRow, "eventId">,
  stay: { eventId: string | null; nights: readonly { blockId: string | null }[] },
) {
  const outside = () =>
    new AppError(
      "TEAM_LINK_BLOCK_ONLY",
      409,
      "Book within the event's room blocks: a team's link books only the event's block rooms.",
    );
  if (stay.eventId !== team.eventId || stay.nights.some((n) => !n.blockId)) throw outside();
  const blockIds = [...new Set(stay.nights.map((n) => n.blockId!))];
  for (const blockId of blockIds) {
    const block = await repo.findBlock(ctx.db, blockId);
    if (block?.eventId !== team.eventId) throw outside();
  }
}

/** What the team's link shows: the event, the team (nothing of any other) and the open blocks. */
export async function teamBooking(ctx: TStaysContext, token: string): Promise<TTeamBooking> {
  const team = await teamOfLink(ctx, token);
  const today = todayOf(ctx);
  const [events, stayToPlay, figures, accepted] = await Promise.all([
    ctx.profiles.profilesByIds("event", [team.eventId]),
    stayToPlayOf(ctx.db, team.eventId),
    figuresOf(ctx.db, team.eventId),
    repo.acceptedBlocksOfEvent(ctx.db, team.eventId),
  ]);
  const event = events.get(team.eventId);
  if (!event)
    throw new AppError("TEAM_LINK_NOT_FOUND", 404, "This team booking link was not found.");
  const open = accepted.filter((b) => b.cutoffDate >= today);
  const hotelIds = [...new Set(open.map((b) => b.hotelId))];
  const [hotels, nights, types] = await Promise.all([
    ctx.profiles.profilesByIds("hotel", hotelIds),
    repo.blockNightsOf(
      ctx.db,
      open.map((b) => b.id),
    ),
    repo.roomTypesOfHotels(ctx.db, hotelIds),
  ]);
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  const blocks = open
    .map((b) => {
      const hotel = hotels.get(b.hotelId);
      return {
        id: b.id,
        hotel: {
          id: b.hotelId,
          name: hotel?.name ?? "Hotel",
          logo: mediaRef(hotel?.logo ?? null),
        },
        cutoffDate: b.cutoffDate,
        minNights: b.minNights,
        nights: nights
          .filter((n) => n.blockId === b.id && n.night >= today)
          .map((n) => ({
            night: n.night,
            roomTypeId: n.roomTypeId,
            roomTypeName: typeNames.get(n.roomTypeId) ?? "Room",
            rate: n.rate,
            roomsLeft: Math.max(0, n.held - n.booked),
          }))
          .sort(
            (a, c) =>
              a.night.localeCompare(c.night) || a.roomTypeName.localeCompare(c.roomTypeName),
          ),
      };
    })
    .sort((a, c) => a.hotel.name.localeCompare(c.hotel.name));
  const detail = event.detail ?? {};
  return {
    event: {
      id: event.id,
      name: event.name,
      startDate: String(detail.startDate ?? ""),
      endDate: String(detail.endDate ?? detail.startDate ?? ""),
    },
    team: {
      name: team.name,
      roomsNeeded: team.roomsNeeded,
      roomsBooked: (figures.get(team.id) ?? NONE).roomsBooked,
    },
    stayToPlay,
    blocks,
  };
}
