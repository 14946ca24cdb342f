// What the hub pushes for each domain event: Notify with a new notification, GroupsUpdated when a
// user's groups or threads change, ProfileUpdated when their counts change, ForceDisconnect when
// their sessions end.
import type { TEventBus } from "../events/bus";
import type { THub } from "./hub";

export function subscribeHub(events: TEventBus, hub: THub): void {
  events.on("NotificationCreated", ({ userId, notification }) => {
    hub.toUser(userId, "Notify", {
      tags: notification.tags,
      url: notification.url,
      threadId: notification.threadId,
      notification,
    });
    hub.toUser(userId, "ProfileUpdated", { userId });
  });
  events.on("GroupsChanged", ({ groupId, userIds }) => {
    for (const userId of userIds) {
      hub.toUser(userId, "GroupsUpdated", { groupId });
      hub.toUser(userId, "ProfileUpdated", { userId });
    }
  });
  events.on("UserProfileChanged", ({ userId }) => {
    hub.toUser(userId, "ProfileUpdated", { userId });
  });
  events.on("UserSessionsRevoked", ({ userId, reason }) => hub.endSessions(userId, reason));
}
