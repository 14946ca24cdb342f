// What the hub pushes: Notify with a new notification (which also means the user's counts changed,
// and for a message their threads: one push, not three), GroupsUpdated when a user's groups or
// threads change otherwise, ProfileUpdated when their counts change (live signals of this process),
// ForceDisconnect when their sessions end (a domain event, delivered by the queue to one process
// and sent by the hub to every process's sockets).
import type { TEventBus } from "../events/bus";
import type { THub } from "./hub";

export function subscribeHub(events: TEventBus, hub: THub): void {
  events.onSignal("NotificationCreated", ({ userId, notification }) => {
    hub.toUser(userId, "Notify", {
      tags: notification.tags,
      url: notification.url,
      threadId: notification.threadId,
      notification,
    });
  });
  events.onSignal("GroupsChanged", ({ groupId, userIds }) => {
    for (const userId of userIds) {
      hub.toUser(userId, "GroupsUpdated", { groupId });
      hub.toUser(userId, "ProfileUpdated", { userId });
    }
  });
  events.onSignal("UserProfileChanged", ({ userId }) => {
    hub.toUser(userId, "ProfileUpdated", { userId });
  });
  events.on("UserSessionsRevoked", "hub", ({ userId, reason }) => hub.endSessions(userId, reason));
}
