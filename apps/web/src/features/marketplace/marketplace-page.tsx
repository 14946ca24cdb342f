// One page for every marketplace section; listings arrive with the profiles issue.
import StorefrontIcon from "@mui/icons-material/Storefront";
import Chip from "@mui/material/Chip";
import { Link as RouterLink } from "react-router";
import { NoticePanel } from "../../app/layouts/notice-panel";
import { PageFrame } from "../../app/layouts/page-frame";
import {
  getMarketplaceSection,
  MARKETPLACE_SECTIONS,
  type TMarketplaceSectionId,
} from "./marketplace-sections";

export const EMPTY_MARKETPLACE_TEXT =
  "No listings yet — listings appear here once hosts publish them.";

export function MarketplacePage({ sectionId }: { sectionId: TMarketplaceSectionId }) {
  const section = getMarketplaceSection(sectionId);
  const { Icon } = section;
  const others = MARKETPLACE_SECTIONS.filter((candidate) => candidate.id !== sectionId);
  return (
    <PageFrame title={section.title} description={section.description} icon={<Icon />}>
      <NoticePanel
        role="status"
        icon={<StorefrontIcon />}
        title={EMPTY_MARKETPLACE_TEXT}
        actions={others.map((other) => (
          <Chip
            key={other.id}
            component={RouterLink}
            to={other.path}
            clickable
            variant="outlined"
            icon={<other.Icon fontSize="small" />}
            label={other.title}
            sx={{ pl: 0.5 }}
          />
        ))}
      >
        Meanwhile, look around the other marketplaces.
      </NoticePanel>
    </PageFrame>
  );
}
