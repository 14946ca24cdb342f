// The content of a marker's info window: image, name, address and one link (spec §2 Map view).
import { MEDIA_BOXES } from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { mediaUrl } from "../../../lib/media-url";
import { infoWindowImageSize, infoWindowLink } from "./info-window";
import type { TMapPoint } from "./map-points";

/** A logo shows at half its box, so its 1x copy is sharp on dense screens. */
const LOGO_SHOWN = MEDIA_BOXES.logo.w / 2;

export function InfoWindow({
  point,
  linkTarget,
  mobile,
  action,
}: {
  point: TMapPoint;
  linkTarget?: string | null;
  mobile: boolean;
  /** A control beside the link (the marketplace map's Save to a shortlist). */
  action?: ReactNode;
}) {
  const size = infoWindowImageSize(mobile);
  // The header image, cropped to fill the box; a logo is never stretched into that strip, it
  // shows whole, small, when there is no header image.
  const header = mediaUrl(point.headerImage, mobile ? "infoWindowMobile" : "infoWindow");
  const logo = header ? null : mediaUrl(point.logo, "logo");
  const link = infoWindowLink(point, linkTarget);
  return (
    <Box sx={{ fontFamily: "inherit" }}>
      {header ? (
        <Box
          data-testid="info-window-image"
          sx={{
            height: size.height,
            width: "100%",
            overflow: "hidden",
            borderRadius: 1,
            mb: 1,
            bgcolor: "action.hover",
          }}
        >
          <Box
            component="img"
            src={header}
            alt=""
            width={size.width}
            height={size.height}
            loading="lazy"
            decoding="async"
            sx={{ display: "block", width: "100%", height: "100%", objectFit: "cover" }}
          />
        </Box>
      ) : logo ? (
        <Box
          component="img"
          src={logo}
          alt=""
          width={LOGO_SHOWN}
          height={LOGO_SHOWN}
          loading="lazy"
          decoding="async"
          sx={{
            display: "block",
            width: LOGO_SHOWN,
            height: LOGO_SHOWN,
            objectFit: "contain",
            mb: 1,
          }}
        />
      ) : null}
      <Typography
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 700, lineHeight: 1.3, m: 0 }}
      >
        {point.name}
      </Typography>
      {point.address ? (
        <Typography variant="body2" color="text.secondary" sx={{ m: "4px 0 8px" }}>
          {point.address}
        </Typography>
      ) : null}
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", rowGap: 1 }}
      >
        {link?.external ? (
          <Link href={link.href} target="_blank" rel="noopener noreferrer" variant="body2">
            {link.label}
          </Link>
        ) : link ? (
          <Link component={RouterLink} to={link.href} variant="body2">
            {link.label}
          </Link>
        ) : (
          <span />
        )}
        {action}
      </Stack>
    </Box>
  );
}
