// Listings around a place as a list of links: logo or the kind's icon, name, and where or when.
import { MEDIA_BOXES } from "@hostfield/domain/reference";
import { profileLink } from "@hostfield/domain/rules";
import Avatar from "@mui/material/Avatar";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { Link as RouterLink } from "react-router";
import { formatDate } from "../../lib/date-format";
import { KIND_ICONS } from "../../ui/kind-icons";
import type { TPlaceCard } from "./places-api";

const LOGO = MEDIA_BOXES.logo;

/** A stored logo at the size the resizer offers; any other address as it is. */
const logoSrc = (logo: string | null) =>
  logo?.startsWith("/media/")
    ? `${logo}${logo.includes("?") ? "&" : "?"}w=${LOGO.w}&h=${LOGO.h}&fit=${LOGO.fit}`
    : (logo ?? undefined);

function secondary(card: TPlaceCard): string | null {
  const place = card.address ? `${card.address.city}, ${card.address.state}` : null;
  if (!card.startDate) return place;
  const days =
    card.endDate && card.endDate !== card.startDate
      ? `${formatDate(card.startDate)} – ${formatDate(card.endDate)}`
      : formatDate(card.startDate);
  return place ? `${days} · ${place}` : days;
}

export function PlaceCards({ items }: { items: readonly TPlaceCard[] }) {
  return (
    <List disablePadding>
      {items.map((card) => {
        const Icon = KIND_ICONS[card.kind];
        return (
          <ListItem key={card.id} disablePadding>
            <ListItemButton component={RouterLink} to={profileLink(card.kind, card.id)}>
              <ListItemAvatar>
                <Avatar
                  variant="rounded"
                  src={logoSrc(card.logo)}
                  alt=""
                  sx={{ bgcolor: "action.hover", color: "primary.main" }}
                  slotProps={{ img: { loading: "lazy", width: 40, height: 40 } }}
                >
                  {Icon ? <Icon /> : null}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={card.name}
                secondary={secondary(card)}
                slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
