// The public front door: what Hostfield is for organizers and hosts, and the five marketplaces.
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import CampaignIcon from "@mui/icons-material/Campaign";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import SportsIcon from "@mui/icons-material/Sports";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import { alpha } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { HOW_IT_WORKS_PATH } from "../../lib/paths";
import { useDocumentTitle } from "../../ui/document-title";
import {
  FIND_EVENT_HOST_PATH,
  MARKETPLACE_SECTIONS,
  type TMarketplaceSection,
} from "../marketplace";
import { AppStructuredData } from "./app-structured-data";
import { FacilityCount } from "./facility-count";
import { InstallAppButton } from "./install-app-button";

const AUDIENCES: { title: string; icon: ReactNode; points: string[] }[] = [
  {
    title: "For event organizers",
    icon: <SportsIcon />,
    points: [
      "Find destinations and facilities that fit your sport, dates and size",
      "Compare hosts side by side and follow the ones you like",
      "Talk to hosts and your team in one place",
    ],
  },
  {
    title: "For destinations, facilities and businesses",
    icon: <CampaignIcon />,
    points: [
      "Show your venues, spaces and services to organizers looking now",
      "Receive requests for proposals and follow up on leads",
      "Promote your profile when events come to town",
    ],
  },
];

/** A stylised playing field, drawn in CSS: decoration only. */
function FieldGraphic() {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        position: "relative",
        width: "100%",
        aspectRatio: "3 / 2",
        borderRadius: 4,
        background: `repeating-linear-gradient(90deg, ${alpha(theme.palette.success.main, 0.85)} 0 10%, ${alpha(theme.palette.success.main, 0.72)} 10% 20%)`,
        boxShadow: theme.shadows[8],
        overflow: "hidden",
        "& > *": {
          position: "absolute",
          borderColor: "rgba(255,255,255,0.85)",
          borderStyle: "solid",
        },
      })}
    >
      <Box sx={{ inset: "8%", borderWidth: 3, borderRadius: 1 }} />
      <Box sx={{ top: "8%", bottom: "8%", left: "50%", borderWidth: 0, borderLeftWidth: 3 }} />
      <Box
        sx={{
          top: "50%",
          left: "50%",
          width: "22%",
          aspectRatio: "1",
          borderWidth: 3,
          borderRadius: "50%",
          transform: "translate(-50%, -50%)",
        }}
      />
      <Box
        sx={{
          top: "30%",
          bottom: "30%",
          left: "8%",
          width: "12%",
          borderWidth: 3,
          borderLeftWidth: 0,
        }}
      />
      <Box
        sx={{
          top: "30%",
          bottom: "30%",
          right: "8%",
          width: "12%",
          borderWidth: 3,
          borderRightWidth: 0,
        }}
      />
    </Box>
  );
}

function MarketplaceCard({ section }: { section: TMarketplaceSection }) {
  const { Icon } = section;
  return (
    <Card sx={{ height: "100%" }}>
      <CardActionArea component={RouterLink} to={section.path} sx={{ height: "100%" }}>
        <CardContent>
          <Stack spacing={1.5}>
            <Box
              aria-hidden
              sx={{
                display: "grid",
                placeItems: "center",
                width: 44,
                height: 44,
                borderRadius: 2,
                bgcolor: (theme) => alpha(theme.palette.primary.main, 0.12),
                color: "primary.main",
              }}
            >
              <Icon />
            </Box>
            <Typography variant="h6" component="h3">
              {section.title}
            </Typography>
            <Typography color="text.secondary">{section.description}</Typography>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ color: "primary.main", alignItems: "center" }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Explore
              </Typography>
              <ArrowForwardIcon fontSize="small" aria-hidden />
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function LandingPage() {
  useDocumentTitle(null);
  return (
    <>
      <AppStructuredData />
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={(theme) => ({
          background: `radial-gradient(1200px 500px at 10% -10%, ${alpha(theme.palette.primary.main, 0.18)}, transparent 60%), radial-gradient(900px 400px at 100% 0%, ${alpha(theme.palette.secondary.main, 0.14)}, transparent 60%)`,
          borderBottom: `1px solid ${theme.palette.divider}`,
        })}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Grid container spacing={{ xs: 5, md: 8 }} sx={{ alignItems: "center" }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Typography
                variant="overline"
                color="secondary"
                sx={{ fontWeight: 700, letterSpacing: "0.12em" }}
              >
                The sports tourism marketplace
              </Typography>
              <Typography
                id="landing-title"
                variant="h2"
                component="h1"
                sx={{ fontSize: { xs: 38, sm: 48, md: 58 }, lineHeight: 1.05, mt: 1 }}
              >
                Your sports event starts here
              </Typography>
              <Typography
                variant="h6"
                component="p"
                color="text.secondary"
                sx={{ mt: 2.5, fontWeight: 400, maxWidth: 560 }}
              >
                Hostfield connects the people who run sporting events with the destinations,
                facilities and local businesses that want to host them.
              </Typography>
              <FacilityCount />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mt: 4 }}>
                <Button
                  component={RouterLink}
                  to={FIND_EVENT_HOST_PATH}
                  variant="contained"
                  size="large"
                  endIcon={<ArrowForwardIcon />}
                >
                  Find new event host
                </Button>
                <Button
                  component={RouterLink}
                  to="/events/marketplace"
                  variant="outlined"
                  size="large"
                >
                  Look for events
                </Button>
                <InstallAppButton />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }} sx={{ display: { xs: "none", sm: "block" } }}>
              <FieldGraphic />
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container
        component="section"
        aria-labelledby="audiences-title"
        maxWidth="lg"
        sx={{ py: { xs: 6, md: 8 } }}
      >
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ mb: 3, justifyContent: "space-between", alignItems: { sm: "center" } }}
        >
          <Typography id="audiences-title" variant="h4" component="h2">
            Built for both sides of the game
          </Typography>
          <Button
            component={RouterLink}
            to={HOW_IT_WORKS_PATH}
            endIcon={<ArrowForwardIcon />}
            sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}
          >
            See how it works
          </Button>
        </Stack>
        <Grid container spacing={3}>
          {AUDIENCES.map((audience) => (
            <Grid key={audience.title} size={{ xs: 12, md: 6 }}>
              <Card sx={{ height: "100%" }}>
                <CardContent sx={{ p: 3 }}>
                  <Stack
                    direction="row"
                    spacing={1.5}
                    sx={{ alignItems: "center", color: "primary.main" }}
                  >
                    {audience.icon}
                    <Typography variant="h6" component="h3" sx={{ color: "text.primary" }}>
                      {audience.title}
                    </Typography>
                  </Stack>
                  <List dense sx={{ mt: 1 }}>
                    {audience.points.map((point) => (
                      <ListItem key={point} disableGutters>
                        <ListItemIcon sx={{ color: "success.main" }}>
                          <CheckCircleIcon fontSize="small" />
                        </ListItemIcon>
                        <ListItemText primary={point} />
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>

      <Container
        component="section"
        aria-labelledby="marketplaces-title"
        maxWidth="lg"
        sx={{ pb: { xs: 8, md: 10 } }}
      >
        <Typography id="marketplaces-title" variant="h4" component="h2">
          Explore the marketplaces
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Browse freely; no account needed.
        </Typography>
        <Grid container spacing={2.5}>
          {MARKETPLACE_SECTIONS.map((section) => (
            <Grid key={section.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <MarketplaceCard section={section} />
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
}
