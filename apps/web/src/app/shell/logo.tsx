import { BRAND } from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import SvgIcon from "@mui/material/SvgIcon";
import { Link as RouterLink } from "react-router";

function LogoMark() {
  return (
    <SvgIcon viewBox="0 0 64 64" aria-hidden sx={{ fontSize: 30 }}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M18 14h8v14h12V14h8v36h-8V36H26v14h-8z" fill="#fff" />
      <circle cx="48" cy="48" r="6" fill="#FF7A2F" />
    </SvgIcon>
  );
}

export function Logo() {
  return (
    <Box
      component={RouterLink}
      to="/"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 1,
        color: "text.primary",
        textDecoration: "none",
        fontWeight: 800,
        fontSize: 20,
        letterSpacing: "-0.02em",
        flexShrink: 0,
        borderRadius: 1,
        "& svg": { color: "primary.main" },
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      <LogoMark />
      {BRAND}
    </Box>
  );
}
