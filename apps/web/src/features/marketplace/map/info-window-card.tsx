// The content of a marker's info window: image, name, address and one link (spec §2 Map view).
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { mediaUrl } from "../media-url";
import { infoWindowImageSize, infoWindowLink } from "./info-window";
import type { TMapPoint } from "./map-points";

export function InfoWindow({
  point,
  linkTarget,
  mobile,
}: {
  point: TMapPoint;
  linkTarget?: string | null;
  mobile: boolean;
}) {
  const size = infoWindowImageSize(mobile);
  const image = mediaUrl(point.headerImage ?? point.logo, { ...size, fit: "cover" });
  const link = infoWindowLink(point, linkTarget);
  return (
    <Box sx={{ fontFamily: "inherit" }}>
      {image ? (
        <Box
          component="img"
          src={image}
          alt=""
          width={size.width}
          height={size.height}
          loading="lazy"
          decoding="async"
          sx={{
            display: "block",
            width: "100%",
            height: size.height,
            objectFit: "cover",
            borderRadius: 1,
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
      {link?.external ? (
        <Link href={link.href} target="_blank" rel="noopener noreferrer" variant="body2">
          {link.label}
        </Link>
      ) : link ? (
        <Link component={RouterLink} to={link.href} variant="body2">
          {link.label}
        </Link>
      ) : null}
    </Box>
  );
}
