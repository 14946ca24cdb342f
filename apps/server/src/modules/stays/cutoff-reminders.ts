// The day before a block's cut-off, both sides hear of it: the event's organizers and the hotel's
// managers are mailed what is held, what is booked and what goes back to the hotel at the cut-off.
// The daily `stays.cutoff-reminders` job marks each block (`cutoff_reminded_date`) and records a
// BlockCutoffNear event in one transaction, so two runs or two processes remind it once; the
// event's subscriber mails each person once (the outbox delivery's mark).
import { addDays } from "@hostfield/domain/rules";
import { inTransaction } from "../../platform/db/database";
import type { TPlatform } from "../../platform/module";
import { type TStaysContext, todayOf } from "./context";
import { nightFiguresOf, releaseFigures } from "./forward-pickup";
import * as repo from "./repository";

/**
 * Reminds the accepted blocks cut off tomorrow (and, for a run that came late, today) that have not
 * been reminded; answers how many this run reminded.
 */
export async function remindCutoffs(ctx: TStaysContext): Promise<number> {
  const today = todayOf(ctx);
  const tomorrow = addDays(today, 1);
  const due = await repo.blocksToRemind(ctx.db, today, tomorrow);
  let reminded = 0;
  for (const { id } of due) {
    const done = await inTransaction(ctx.db, async (tx) => {
      // Locked as the release locks it: a booking in flight (FOR SHARE) finishes first.
      const block = await repo.lockBlock(tx, id);
      if (!block || block.cutoffDate < today || block.cutoffDate > tomorrow) return false;
      if (!(await repo.markCutoffReminded(tx, id, today))) return false;
      const nights = (await nightFiguresOf(tx, [id])).get(id) ?? [];
      await ctx.events.record(tx, "BlockCutoffNear", {
        blockId: id,
        eventId: block.eventId,
        hotelId: block.hotelId,
        cutoffDate: block.cutoffDate,
        nights,
      });
      return true;
    });
    if (done) reminded += 1;
  }
  if (reminded > 0) ctx.log.info({ reminded }, "hotel blocks' cut-off reminders recorded");
  return reminded;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Mails each organizer of the event and manager of the hotel once (one who is both, once). */
export function subscribeCutoffMail(platform: TPlatform, ctx: TStaysContext) {
  platform.events.on("BlockCutoffNear", "stays.cutoff-reminder-mail", async (e, delivery) => {
    const [event, hotel] = await Promise.all([
      ctx.profiles.listingAudience(e.eventId),
      ctx.profiles.listingAudience(e.hotelId),
    ]);
    if (!event || !hotel) return;
    const organizers = new Set(event.managerIds);
    const managers = new Set(hotel.managerIds);
    const people = await ctx.users.mailboxes([...new Set([...organizers, ...managers])]);
    const figures = releaseFigures(e.nights);
    const base = platform.config.publicUrl;
    const lines = figures.nights.map(
      (n) => `  ${n.night}: ${n.booked} of ${n.held} booked, ${n.toRelease} to release`,
    );
    const subject = `Cut-off ${e.cutoffDate}: the room block at ${hotel.profile.name} for ${event.profile.name}`;
    const textFor = (name: string, userId: string) =>
      [
        `Hello ${name},`,
        "",
        `The room block at ${hotel.profile.name} for ${event.profile.name} is cut off at the end of ${e.cutoffDate} (UTC). Rooms not booked by then go back to the hotel.`,
        "",
        `Held: ${plural(figures.held, "room night")}`,
        `Booked: ${plural(figures.booked, "room night")}`,
        `To be released at the cut-off: ${plural(figures.toRelease, "room night")}`,
        "",
        ...lines,
        "",
        ...(organizers.has(userId)
          ? [`The event's hotels and pickup: ${base}/events/${e.eventId}/hotels`]
          : []),
        ...(managers.has(userId)
          ? [`The hotel's forward pickup: ${base}/hotels/${e.hotelId}/blocks?view=forward`]
          : []),
        "",
        "Hostfield",
      ].join("\n");
    // Marked once every mail is in the outbox: a failure sends them on the next delivery.
    await delivery.unlessDone(async () => {
      for (const [userId, person] of people) {
        await platform.mailer.send({
          to: person.email,
          subject,
          text: textFor(person.name, userId),
        });
      }
    });
  });
}
