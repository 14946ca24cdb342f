// Where the signed-in user's profile is read and kept, apart from my-profile.ts (its reply's check
// and its query, which come with the sign-in machinery): the shell's hub names the key to refresh.
export const MY_PROFILE_PATH = "/user-mgmt/api/users/my";
export const MY_PROFILE_QUERY_KEY = ["users", "my"] as const;
