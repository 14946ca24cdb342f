// The app's fixed page paths (spec §2), for the shell and for lib code that navigates.
export const HOME_PATH = "/home";
export const NOTIFICATIONS_PATH = "/notifications";
export const MESSAGING_PATH = "/groups";
export const ACCOUNT_PATH = "/account";
export const ADMIN_PATH = "/admin";
