// The frame of every page: document title, one h1, optional lead text, and the content.
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useDocumentTitle } from "./document-title";

export function PageFrame({
  title,
  heading,
  description,
  icon,
  actions,
  children,
}: {
  /** Document title; null keeps the default title (the landing page). */
  title: string | null;
  /** The h1; defaults to the title. */
  heading?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(title, {
    description: typeof description === "string" ? description : null,
  });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ mb: 3, alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
          {icon ? (
            <Box
              aria-hidden
              sx={{
                display: "grid",
                placeItems: "center",
                width: 48,
                height: 48,
                flexShrink: 0,
                borderRadius: 2,
                bgcolor: "primary.main",
                color: "primary.contrastText",
              }}
            >
              {icon}
            </Box>
          ) : null}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 34 } }}>
              {heading ?? title}
            </Typography>
            {description ? (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {description}
              </Typography>
            ) : null}
          </Box>
        </Stack>
        {actions}
      </Stack>
      {children}
    </Container>
  );
}
