// The read-only sections of a listing page: the approval banner, about, facts, location, contact.
import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../../lib/api";
import { NEW_TAB_LINK_PROPS } from "../../lib/external-links";
import { trackClick } from "../../lib/tracking";
import type { TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
import { approveProfile, type TProfile } from "./profiles-api";
import { type useAbilities, useUpdateCachedProfile } from "./use-profiles";

type TAbilities = ReturnType<typeof useAbilities>;

export const PENDING_TITLE = "Pending approval";

/** Pending listings show only to their members and admins; admins approve them here. */
export function PendingBanner({
  config,
  profile,
  abilities,
}: {
  config: TKindConfig;
  profile: TProfile;
  abilities: TAbilities;
}) {
  const update = useUpdateCachedProfile(config.kind, profile.id);
  const { enqueueSnackbar } = useSnackbar();
  const approve = useMutation({
    mutationFn: () => approveProfile(config.kind, profile.id),
    onSuccess: (approved) => {
      update(() => ({ ...approved, myReaction: profile.myReaction }));
      enqueueSnackbar(`${profile.name} is approved and listed.`, { variant: "success" });
    },
  });
  if (profile.status !== "pending") return null;
  return (
    <Alert
      severity="warning"
      role="status"
      icon={<HourglassTopIcon />}
      sx={{ mb: 3 }}
      action={
        abilities.can("profile.approve") ? (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            disabled={approve.isPending}
            onClick={() => approve.mutate()}
          >
            Approve
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{PENDING_TITLE}</AlertTitle>
      {config.kind === "event" ? (
        <>
          Approval only lists this event publicly (search, calendars and its public page); until
          then its organizers, Hostfield admins and the venues your requests reach see it. Your
          requests go out, you can award a venue and hold hotel rooms now: nothing waits for
          approval.
        </>
      ) : (
        <>
          Only its members and Hostfield admins see this {config.label.toLowerCase()} until an admin
          approves it. Meanwhile, add images, documents and details.
        </>
      )}
      {approve.isError ? (
        <Box sx={{ mt: 1 }}>{apiErrorMessage(approve.error, "It could not be approved.")}</Box>
      ) : null}
    </Alert>
  );
}

export function AboutSection({ profile }: { profile: TProfile }) {
  if (!profile.description?.trim()) return null;
  return (
    <ProfileSection title="About">
      <Typography sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {profile.description}
      </Typography>
    </ProfileSection>
  );
}

export function FactsSection({ config, profile }: { config: TKindConfig; profile: TProfile }) {
  const facts = config.facts(profile);
  if (facts.length === 0) return null;
  return (
    <ProfileSection title="Details">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gridTemplateColumns: { xs: "1fr", sm: "minmax(140px, max-content) 1fr" },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
        }}
      >
        {facts.map((fact) => (
          <Box key={fact.label} sx={{ display: "contents" }}>
            <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {fact.label}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              {typeof fact.value === "string" ? (
                <Typography>{fact.value}</Typography>
              ) : (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                  {fact.value.map((value) => (
                    <Chip key={value} size="small" label={value} />
                  ))}
                </Stack>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </ProfileSection>
  );
}

/** A maps search for the address, with the place id when there is one (as the map's links). */
export function googleMapsLink(address: string, placeId: string | null): string {
  const params = new URLSearchParams({ api: "1", query: address });
  if (placeId) params.set("query_place_id", placeId);
  return `https://www.google.com/maps/search/?${params.toString()}`;
}

export function addressText(profile: TProfile): string | null {
  const a = profile.address;
  if (!a) return null;
  return [a.street, a.city, [a.state, a.postalCode].filter(Boolean).join(" ")]
    .filter((part) => part && part.trim() !== "")
    .join(", ");
}

export function LocationSection({ profile }: { profile: TProfile }) {
  const address = addressText(profile);
  if (!address) return null;
  return (
    <ProfileSection title="Location">
      <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
        <Typography component="address" sx={{ fontStyle: "normal" }}>
          {address}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          endIcon={<OpenInNewIcon />}
          href={googleMapsLink(address, profile.placeId)}
          onClick={() => trackClick(profile.kind, profile.id, "directions")}
          {...NEW_TAB_LINK_PROPS}
        >
          View on Google Maps
        </Button>
      </Stack>
    </ProfileSection>
  );
}

export function ContactSection({ profile }: { profile: TProfile }) {
  const hotelLink = typeof profile.hotelLink === "string" ? profile.hotelLink : null;
  const lines = [
    profile.website
      ? {
          label: "Website",
          node: (
            <Link
              href={profile.website}
              {...NEW_TAB_LINK_PROPS}
              onClick={() => trackClick(profile.kind, profile.id, "website")}
              sx={{ overflowWrap: "anywhere" }}
            >
              {profile.website.replace(/^https?:\/\//, "")}
            </Link>
          ),
        }
      : null,
    profile.email
      ? {
          label: "E-mail",
          node: (
            <Link
              href={`mailto:${profile.email}`}
              onClick={() => trackClick(profile.kind, profile.id, "email")}
            >
              {profile.email}
            </Link>
          ),
        }
      : null,
    profile.phone
      ? {
          label: "Phone",
          node: (
            <Link
              href={`tel:${profile.phone}`}
              onClick={() => trackClick(profile.kind, profile.id, "phone")}
            >
              {profile.phone}
            </Link>
          ),
        }
      : null,
    profile.featuredVideo
      ? {
          label: "Video",
          node: (
            <Link href={profile.featuredVideo} {...NEW_TAB_LINK_PROPS}>
              Watch the featured video
            </Link>
          ),
        }
      : null,
    hotelLink
      ? {
          label: "Hotels",
          node: (
            <Link href={hotelLink} {...NEW_TAB_LINK_PROPS}>
              Book your hotel for the event
            </Link>
          ),
        }
      : null,
  ].filter((line) => line !== null);
  if (lines.length === 0) return null;
  return (
    <ProfileSection title="Contact">
      <Stack spacing={1}>
        {lines.map((line) => (
          <Box key={line.label}>
            <Typography variant="caption" color="text.secondary" component="div">
              {line.label}
            </Typography>
            {line.node}
          </Box>
        ))}
      </Stack>
    </ProfileSection>
  );
}
