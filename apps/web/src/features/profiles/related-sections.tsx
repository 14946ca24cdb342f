// Other listings a page links to where the API names them: a facility's destinations, an event's
// organizer, and the partners of hotels and businesses (which their editors manage here).
import type { TProfileKind } from "@hostfield/domain/reference";
import { profileLink } from "@hostfield/domain/rules";
import AddPhotoAlternateIcon from "@mui/icons-material/AddPhotoAlternate";
import DeleteIcon from "@mui/icons-material/Delete";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { mediaUrl } from "../../lib/media-url";
import { useConfirm } from "../../ui/confirm";
import { useFilePicker } from "../../ui/use-file-picker";
import { AddPartnerForm, EditorPart } from "./lazy-editors";
import { isProfileKind, kindConfig, type TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
import { profileKeys, removeChild, type TProfile, uploadPartnerPicture } from "./profiles-api";
import { useFacilityDestinations, useProfile, useProfileChild } from "./use-profiles";

/** `logo` is what the avatar shows: the listing's logo, or a business's picture of the partnership. */
type TLinked = { id: string; kind: TProfileKind; name: string; logo: string | null };

function LinkedListing({ item, action }: { item: TLinked; action?: ReactNode }) {
  const config = kindConfig(item.kind);
  const { Icon } = config;
  return (
    <ListItem disablePadding secondaryAction={action}>
      <ListItemButton component={RouterLink} to={profileLink(item.kind, item.id)}>
        <ListItemAvatar>
          <Avatar
            variant="rounded"
            src={mediaUrl(item.logo, "logo") ?? undefined}
            alt=""
            sx={{ bgcolor: "action.hover", color: "primary.main" }}
            slotProps={{ img: { loading: "lazy", width: 40, height: 40 } }}
          >
            <Icon />
          </Avatar>
        </ListItemAvatar>
        <ListItemText primary={item.name} secondary={config.label} />
      </ListItemButton>
    </ListItem>
  );
}

export function FacilityDestinationsSection({ profile }: { profile: TProfile }) {
  const links = useFacilityDestinations(profile.id, true);
  const items = links.data?.items ?? [];
  if (links.isPending || (items.length === 0 && !links.isError)) return null;
  return (
    <ProfileSection title="Destinations">
      {links.isError ? (
        <Alert severity="error">
          {apiErrorMessage(links.error, "The destinations did not load.")}
        </Alert>
      ) : (
        <List disablePadding>
          {items.map((link) => (
            <LinkedListing key={link.id} item={{ ...link.destination, kind: "destination" }} />
          ))}
        </List>
      )}
    </ProfileSection>
  );
}

export function OrganizerSection({ profile }: { profile: TProfile }) {
  const organizationId =
    typeof profile.organizationId === "string" ? profile.organizationId : undefined;
  const organization = useProfile("organization", organizationId);
  if (!organizationId || organization.isError) return null;
  return (
    <ProfileSection title="Organizer">
      {organization.data ? (
        <List disablePadding>
          <LinkedListing
            item={{
              id: organization.data.id,
              kind: "organization",
              name: organization.data.name,
              logo: organization.data.logo,
            }}
          />
        </List>
      ) : (
        <Skeleton variant="rounded" height={56} />
      )}
    </ProfileSection>
  );
}

export function PartnersSection({
  config,
  profile,
  canEdit,
}: {
  config: TKindConfig;
  profile: TProfile;
  canEdit: boolean;
}) {
  const list = useProfileChild(config.kind, profile.id, "partners");
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const remove = useMutation({
    mutationFn: (childId: string) => removeChild(config.kind, profile.id, "partners", childId),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: profileKeys.child(config.kind, profile.id, "partners"),
      }),
  });
  const picture = useMutation({
    mutationFn: ({ linkId, file }: { linkId: string; file: File }) =>
      uploadPartnerPicture(linkId, file),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: profileKeys.child(config.kind, profile.id, "partners"),
      }),
  });
  // A business may show its own picture of a partnership (a joint event, a shared stand).
  const takesPictures = canEdit && config.kind === "business";
  const items = list.data?.items ?? [];
  if (!canEdit && (list.isPending || items.length === 0) && !list.isError) return null;
  return (
    <ProfileSection title="Partners">
      {list.isError ? (
        <Alert severity="error">{apiErrorMessage(list.error, "The partners did not load.")}</Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">No partners yet.</Typography>
      ) : (
        <List disablePadding>
          {items.map((link) => {
            const kind = isProfileKind(link.partner.kind) ? link.partner.kind : "company";
            return (
              <LinkedListing
                key={link.id}
                item={{ ...link.partner, kind, logo: link.image ?? link.partner.logo }}
                action={
                  canEdit ? (
                    <>
                      {takesPictures ? (
                        <PartnerPictureButton
                          partnerName={link.partner.name}
                          hasPicture={Boolean(link.image)}
                          disabled={picture.isPending}
                          onFile={(file) => picture.mutate({ linkId: link.id, file })}
                        />
                      ) : null}
                      <IconButton
                        edge="end"
                        aria-label={`Remove partner ${link.partner.name}`}
                        onClick={async () => {
                          const result = await confirm({
                            title: `Remove ${link.partner.name} from the partners?`,
                            confirmText: "Remove",
                            confirmButtonType: "danger",
                          });
                          if (result === "confirmed") remove.mutate(link.id);
                        }}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </>
                  ) : undefined
                }
              />
            );
          })}
        </List>
      )}
      {picture.isError ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => picture.reset()}>
          {apiErrorMessage(picture.error, "The picture was not saved.")}
        </Alert>
      ) : null}
      {canEdit ? (
        <EditorPart>
          <AddPartnerForm
            config={config}
            profile={profile}
            taken={items.map((link) => link.partner.id)}
          />
        </EditorPart>
      ) : null}
    </ProfileSection>
  );
}

/** A business's own picture of a partnership: a button, and the file chooser it opens. */
function PartnerPictureButton({
  partnerName,
  hasPicture,
  disabled,
  onFile,
}: {
  partnerName: string;
  hasPicture: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const picker = useFilePicker({
    accept: "image/png,image/jpeg,image/webp,image/gif,image/avif",
    label: `Picture file for ${partnerName}`,
    onFiles: ([file]) => {
      if (file) onFile(file);
    },
  });
  return (
    <>
      <IconButton
        aria-label={`${hasPicture ? "Change" : "Add"} a picture for ${partnerName}`}
        disabled={disabled}
        onClick={picker.open}
      >
        <AddPhotoAlternateIcon />
      </IconButton>
      {picker.input}
    </>
  );
}
