// What the hub pushes: Notify with a new notification, GroupsUpdated when a user's groups or threads
// change, ProfileUpdated when their counts change (live signals of this process), ForceDisconnect
// when their sessions end (a domain event, delivered by the queue to one process and sent by the hub
// to every process's sockets).
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
    hub.toUser(userId, "ProfileUpdated", { userId });
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
