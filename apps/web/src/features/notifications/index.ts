// The notifications page, and the toasts the shell shows for what the session hub pushes.
export { NotificationsPage } from "./notifications-page";
export { NotifyToasts } from "./notify-toasts";
