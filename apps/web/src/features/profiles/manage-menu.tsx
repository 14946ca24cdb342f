// The manage buttons of a listing page's header: "Edit details" and the menu with the listing's
// management pages (a hotel's rooms, reservations and blocks; an event's hotel blocks; every
// listing's reports; a destination's tour guide and CRM; a story about it) and its delete. Only
// editors see them, so they load only for editors (lazy-editors.tsx).
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import EditNoteIcon from "@mui/icons-material/EditNote";
import HotelIcon from "@mui/icons-material/Hotel";
import InsightsIcon from "@mui/icons-material/Insights";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import SupportAgentIcon from "@mui/icons-material/SupportAgent";
import SyncAltIcon from "@mui/icons-material/SyncAlt";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { assistantManageLinks } from "../assistant";
import { crmManageLinks } from "../crm";
import { reportsManageLinks } from "../reports";
import { roomsManageLinks } from "../rooms";
import { storiesManageLinks } from "../stories";
import type { TKindConfig } from "./profile-kinds";
import { deleteProfile, profileKeys, type TProfile } from "./profiles-api";
import type { useAbilities } from "./use-profiles";

/** The management pages features offer a listing, with their menu icon: a line per feature. */
const MANAGE_PAGES: {
  links: (
    kind: TKindConfig["kind"],
    profile: TProfile,
    canManage: boolean,
  ) => { label: string; to: string }[];
  Icon: typeof EditIcon;
}[] = [
  { links: (kind, profile, can) => roomsManageLinks(kind, profile.id, can), Icon: HotelIcon },
  { links: (kind, profile, can) => reportsManageLinks(kind, profile.id, can), Icon: InsightsIcon },
  {
    links: (kind, profile, can) => assistantManageLinks(kind, profile.id, can),
    Icon: SupportAgentIcon,
  },
  { links: (kind, profile, can) => crmManageLinks(kind, profile.id, can), Icon: SyncAltIcon },
  { links: storiesManageLinks, Icon: EditNoteIcon },
];

export function ManageMenu({
  config,
  profile,
  abilities,
  onEdit,
}: {
  config: TKindConfig;
  profile: TProfile;
  abilities: ReturnType<typeof useAbilities>;
  onEdit: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useMutation({
    mutationFn: () => deleteProfile(config.kind, profile.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: profileKeys.one(config.kind, profile.id) });
      void queryClient.invalidateQueries({ queryKey: profileKeys.lists(config.kind) });
      enqueueSnackbar(`${profile.name} was deleted.`, { variant: "success" });
      navigate("/home");
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The listing could not be deleted."), {
        variant: "error",
      }),
  });
  const canEdit = abilities.can("profile.update");
  const canDelete = abilities.can("profile.delete");
  const links = MANAGE_PAGES.flatMap(({ links: of, Icon }) =>
    of(config.kind, profile, canEdit).map((link) => ({ ...link, icon: <Icon fontSize="small" /> })),
  );
  const close = () => setAnchor(null);
  return (
    <>
      {canEdit ? (
        <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
          Edit details
        </Button>
      ) : null}
      {canDelete || links.length > 0 ? (
        <>
          <IconButton
            aria-label="More listing actions"
            aria-haspopup="menu"
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
            {links.map((link) => (
              <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
                <ListItemIcon>{link.icon}</ListItemIcon>
                <ListItemText>{link.label}</ListItemText>
              </MenuItem>
            ))}
            {links.length > 0 && canDelete ? <Divider /> : null}
            {canDelete ? (
              <MenuItem
                disabled={remove.isPending}
                onClick={async () => {
                  close();
                  const result = await confirm({
                    title: `Delete ${profile.name}?`,
                    description: `This deletes the ${config.label.toLowerCase()} with its images, documents, members and links. It cannot be undone.`,
                    confirmText: "Delete listing",
                    confirmButtonType: "danger",
                    keyword: "DELETE",
                  });
                  if (result === "confirmed") remove.mutate();
                }}
              >
                <ListItemIcon>
                  <DeleteIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>Delete listing</ListItemText>
              </MenuItem>
            ) : null}
          </Menu>
        </>
      ) : null}
    </>
  );
}
