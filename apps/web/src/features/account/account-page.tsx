// /account: the signed-in user's profile, e-mail settings, visibility, password and account removal; the listings
// they belong to; the hotel rooms they booked; and what they like and follow (tabs kept in the
// address as ?tab=).
import { enumCodec } from "@hostfield/domain/rules";
import PersonIcon from "@mui/icons-material/Person";
import VerifiedIcon from "@mui/icons-material/Verified";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId } from "react";
import { useNavigate } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { type TUserProfile, updateCachedProfile, useAuth } from "../../lib/auth";
import { useQueryParam } from "../../lib/query-params";
import { useConfirm } from "../../ui/confirm";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { MyGroupInvitations } from "../messaging";
import { MyInvitations } from "../profiles";
import { MyReservations } from "../stays";
import { deleteUser, sendPasswordReset, setMyVisibility } from "./account-api";
import { LikedAndFollowed, MyListings } from "./account-listings";
import { AccountSection } from "./account-section";
import { AvatarEditor } from "./avatar-editor";
import { EmailSettings } from "./email-settings";
import { ProfileForm } from "./profile-form";
import { PushSettings } from "./push-settings";

export const VISIBILITY_LABEL = "Show my profile to other members";
export const DELETE_KEYWORD = "DELETE";
export const ACCOUNT_DELETED = "Your account is deleted.";

export const ACCOUNT_TABS = ["profile", "listings", "reservations", "liked"] as const;
export type TAccountTab = (typeof ACCOUNT_TABS)[number];
const accountTabCodec = enumCodec(ACCOUNT_TABS);
export const ACCOUNT_TAB_LABELS: Record<TAccountTab, string> = {
  profile: "Profile",
  listings: "My listings",
  reservations: "My reservations",
  liked: "Liked and followed",
};

function VisibilitySetting({ profile }: { profile: TUserProfile }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const change = useMutation({
    mutationFn: setMyVisibility,
    onSuccess: (changes) => updateCachedProfile(queryClient, changes),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "Your visibility could not be changed."), {
        variant: "error",
      }),
  });
  // While the change is on its way, the switch shows what was asked for.
  const checked = (change.isPending ? change.variables : undefined) ?? profile.isVisible;
  return (
    <AccountSection
      title="Visibility"
      description="Members can find and message you when your profile is visible."
    >
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
          />
        }
        label={VISIBILITY_LABEL}
      />
    </AccountSection>
  );
}

function SignInSettings({ profile }: { profile: TUserProfile }) {
  const reset = useMutation({ mutationFn: () => sendPasswordReset(profile.id) });
  return (
    <AccountSection
      title="Sign-in"
      description="You sign in to Hostfield with your e-mail address."
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{profile.email}</Typography>
        {profile.emailVerified ? (
          <Chip size="small" color="success" icon={<VerifiedIcon />} label="Verified" />
        ) : (
          <Chip size="small" color="warning" label="Not verified" />
        )}
      </Stack>
      <div role="status">
        {reset.isSuccess ? (
          <Alert severity="success">
            We sent a link to change your password to {profile.email}. It may take a few minutes to
            arrive.
          </Alert>
        ) : null}
      </div>
      {reset.isError ? (
        <Alert severity="error">
          {apiErrorMessage(reset.error, "The e-mail could not be sent. Try again.")}
        </Alert>
      ) : null}
      <div>
        <Button variant="outlined" disabled={reset.isPending} onClick={() => reset.mutate()}>
          {reset.isPending ? "Sending…" : "Change password"}
        </Button>
      </div>
    </AccountSection>
  );
}

function DeleteAccount({ profile }: { profile: TUserProfile }) {
  const auth = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useMutation({
    mutationFn: () => deleteUser(profile.id),
    onSuccess: async () => {
      // The server ended every session with the account; forget this one and leave.
      await auth.signOutLocally();
      navigate("/", { replace: true });
      enqueueSnackbar(ACCOUNT_DELETED, { variant: "success" });
    },
  });

  const onDelete = async () => {
    const result = await confirm({
      title: "Delete your account?",
      description:
        "Your profile, photo and settings are removed and you are signed out everywhere. This cannot be undone.",
      confirmText: "Delete account",
      confirmButtonType: "danger",
      keyword: DELETE_KEYWORD,
    });
    if (result === "confirmed") remove.mutate();
  };

  return (
    <AccountSection
      title="Delete account"
      description="Removes your Hostfield account for good."
      tone="danger"
    >
      {remove.isError ? (
        <Alert severity="error">
          {apiErrorMessage(remove.error, "Your account could not be deleted. Try again.")}
        </Alert>
      ) : null}
      <div>
        <Button
          variant="outlined"
          color="error"
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          {remove.isPending ? "Deleting…" : "Delete account"}
        </Button>
      </div>
    </AccountSection>
  );
}

function AccountSettings({ profile }: { profile: TUserProfile }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <AccountSection title="Profile">
        <AvatarEditor profile={profile} />
        <ProfileForm profile={profile} />
      </AccountSection>
      <AccountSection
        title="Invitations"
        description="Listings and groups you are invited to. You join one when you accept."
      >
        <MyInvitations />
        <MyGroupInvitations />
      </AccountSection>
      <EmailSettings userId={profile.id} />
      <PushSettings userId={profile.id} />
      <VisibilitySetting profile={profile} />
      <SignInSettings profile={profile} />
      <DeleteAccount profile={profile} />
    </Stack>
  );
}

function AccountTabs() {
  const { profile } = useAuth();
  const [tab, setTab] = useQueryParam("tab", accountTabCodec, "profile");
  const id = useId();
  // RequireSignIn renders this only once the profile is there.
  if (!profile) return null;
  return (
    <Stack spacing={3}>
      <Tabs
        value={tab}
        onChange={(_event, next: TAccountTab) => setTab(next)}
        aria-label="Account sections"
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        {ACCOUNT_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={ACCOUNT_TAB_LABELS[name]}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === "profile" ? <AccountSettings profile={profile} /> : null}
        {tab === "listings" ? <MyListings userId={profile.id} /> : null}
        {tab === "reservations" ? (
          <AccountSection
            title="My reservations"
            description="Hotel rooms you booked, upcoming stays first."
          >
            <MyReservations userId={profile.id} />
          </AccountSection>
        ) : null}
        {tab === "liked" ? <LikedAndFollowed userId={profile.id} /> : null}
      </Box>
    </Stack>
  );
}

export function AccountPage() {
  return (
    <PageFrame
      title="My account"
      description="Your profile, sign-in, listings, reservations and what you follow."
      icon={<PersonIcon />}
    >
      <RequireSignIn what="your account">
        <AccountTabs />
      </RequireSignIn>
    </PageFrame>
  );
}
