// One promotion as visitors see it: the offer, what it is, when it is good, its terms, and how to
// redeem it (a code to show, or a link out, counted as the business's promotion click).
import type { TPromotion } from "@hostfield/domain/contracts";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { NEW_TAB_LINK_PROPS } from "../../lib/external-links";
import { trackClick } from "../../lib/tracking";
import { offerLabel, STATUS_LABELS, validityLabel, whenLabel } from "./promotion-format";

export function PromotionCard({
  promotion: p,
  heading,
  actions,
  showStatus = false,
}: {
  promotion: TPromotion;
  /** What goes above the title (the business, on an event's deals). */
  heading?: ReactNode;
  /** The manager's buttons. */
  actions?: ReactNode;
  showStatus?: boolean;
}) {
  const [codeShown, setCodeShown] = useState(false);
  // Showing the code is a redemption too: counted as the business's promotion click.
  const redeem = () => {
    setCodeShown(true);
    trackClick("business", p.profileId, "promotion", p.id);
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={p.title}
      sx={{ p: { xs: 1.5, sm: 2 }, listStyle: "none", minWidth: 0 }}
    >
      <Stack spacing={1}>
        {heading}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: "center", flexWrap: "wrap" }}
        >
          <Chip icon={<LocalOfferIcon />} color="secondary" label={offerLabel(p.offer)} />
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
          >
            {p.title}
          </Typography>
          {p.isDefault ? <Chip size="small" variant="outlined" label="Featured" /> : null}
          {showStatus ? (
            <Chip
              size="small"
              color={
                p.status === "expired" ? "default" : p.status === "current" ? "success" : "info"
              }
              label={STATUS_LABELS[p.status]}
            />
          ) : null}
        </Stack>
        {p.description ? (
          <Typography sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {p.description}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {validityLabel(p)} · {whenLabel(p)}
        </Typography>
        {p.audienceTags.length > 0 ? (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
            {p.audienceTags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
          </Stack>
        ) : null}
        {p.terms ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            Terms: {p.terms}
          </Typography>
        ) : null}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: "center", flexWrap: "wrap" }}
        >
          {p.code ? (
            codeShown ? (
              <Typography variant="body2">
                Code:{" "}
                <Box component="strong" sx={{ fontFamily: "monospace", fontSize: "1rem" }}>
                  {p.code}
                </Box>
              </Typography>
            ) : (
              <Button size="small" variant="outlined" onClick={redeem}>
                Show code
              </Button>
            )
          ) : null}
          {p.redemptionUrl ? (
            <Button
              size="small"
              variant="contained"
              href={p.redemptionUrl}
              endIcon={<OpenInNewIcon />}
              onClick={() => trackClick("business", p.profileId, "promotion", p.id)}
              {...NEW_TAB_LINK_PROPS}
            >
              Redeem
            </Button>
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}
