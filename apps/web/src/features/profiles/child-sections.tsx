// Sections over a listing's simple children: sports and amenities (names from the reference
// lists) and space types (with their indicative day price). Everyone sees them; editors remove
// entries here and add them (and set a day price) with the forms of child-editors.tsx, which load
// only for editors (lazy-editors.tsx).
import { AMENITY_NAMES, NO_SURFACE, SPORT_NAMES } from "@hostfield/domain/reference";
import { spaceDayPriceText } from "@hostfield/domain/rules";
import CancelIcon from "@mui/icons-material/Cancel";
import DeleteIcon from "@mui/icons-material/Delete";
import PriceChangeIcon from "@mui/icons-material/PriceChange";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { RetryAlert } from "../../ui/query-states";
import { EditorPart, NamedChildAddForm, SpaceDayPriceDialog, SpaceTypeForm } from "./lazy-editors";
import type { TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
import {
  addChild,
  profileKeys,
  removeChild,
  type TProfile,
  type TSimpleSegment,
  type TSpaceTypeItem,
} from "./profiles-api";
import { useProfileChild } from "./use-profiles";

type TSectionProps = { config: TKindConfig; profile: TProfile; canEdit: boolean };

/** Adds to or removes from one child collection, refreshing it and the listing. */
export function useChildMutations(config: TKindConfig, profileId: string, segment: TSimpleSegment) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: profileKeys.one(config.kind, profileId) });
  const add = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      addChild(config.kind, profileId, segment, input),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (childId: string) => removeChild(config.kind, profileId, segment, childId),
    onSuccess: () => void refresh(),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "It could not be removed. Try again."), {
        variant: "error",
      }),
  });
  return { add, remove };
}

export const NAMED = {
  sports: { title: "Sports", one: "sport", options: SPORT_NAMES },
  amenities: { title: "Amenities", one: "amenity", options: AMENITY_NAMES },
} as const;

/** Sports or amenities: chips, and for editors a picker to add one and a remove on each chip. */
export function NamedChildSection({
  config,
  profile,
  canEdit,
  segment,
}: TSectionProps & { segment: "sports" | "amenities" }) {
  const words = NAMED[segment];
  const list = useProfileChild(config.kind, profile.id, segment);
  const { remove } = useChildMutations(config, profile.id, segment);
  const items = list.data?.items ?? [];
  if (!canEdit && (list.isPending || items.length === 0) && !list.isError) return null;
  return (
    <ProfileSection title={words.title}>
      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, `The ${words.title.toLowerCase()} did not load.`)}
        </RetryAlert>
      ) : list.isPending ? (
        <Skeleton variant="rounded" height={32} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">No {words.title.toLowerCase()} yet.</Typography>
      ) : (
        <Stack
          component="ul"
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: "wrap", listStyle: "none", m: 0, p: 0 }}
        >
          {items.map((item) => (
            <li key={item.id}>
              <Chip
                label={item.name}
                onDelete={canEdit ? () => remove.mutate(item.id) : undefined}
                deleteIcon={
                  canEdit ? <CancelIcon titleAccess={`Remove ${item.name}`} /> : undefined
                }
              />
            </li>
          ))}
        </Stack>
      )}
      {canEdit ? (
        <EditorPart>
          <NamedChildAddForm
            config={config}
            profile={profile}
            segment={segment}
            taken={items.map((item) => item.name)}
          />
        </EditorPart>
      ) : null}
    </ProfileSection>
  );
}

// ---- space types ----

/** "4 × Court", "1 × Pool": how many of which space. */
export function spaceSummary(space: { count: number; name: string }): string {
  return `${space.count} × ${space.name}`;
}

export function SpaceTypesSection({ config, profile, canEdit }: TSectionProps) {
  const list = useProfileChild(config.kind, profile.id, "spaceTypes");
  const { remove } = useChildMutations(config, profile.id, "spaceTypes");
  const confirm = useConfirm();
  const [pricing, setPricing] = useState<TSpaceTypeItem | null>(null);
  const items = list.data?.items ?? [];
  if (!canEdit && (list.isPending || items.length === 0) && !list.isError) return null;
  return (
    <ProfileSection title="Space types">
      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, "The spaces did not load.")}
        </RetryAlert>
      ) : list.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">No spaces yet.</Typography>
      ) : (
        <List disablePadding>
          {items.map((space) => {
            const price = spaceDayPriceText(space);
            return (
              <ListItem
                key={space.id}
                divider
                disableGutters
                sx={{ alignItems: "flex-start", gap: 1 }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <ListItemText
                    primary={spaceSummary(space)}
                    secondary={[
                      space.location,
                      space.surface === NO_SURFACE ? null : space.surface,
                      ...space.additionalFeatures,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                    sx={{ my: 0.5 }}
                  />
                  {price ? (
                    <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
                      {price}
                    </Typography>
                  ) : null}
                </Box>
                {canEdit ? (
                  <Stack direction="row" sx={{ flexShrink: 0 }}>
                    <IconButton
                      aria-label={`Set the day price of ${spaceSummary(space)}`}
                      onClick={() => setPricing(space)}
                    >
                      <PriceChangeIcon />
                    </IconButton>
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${spaceSummary(space)}`}
                      onClick={async () => {
                        const result = await confirm({
                          title: `Remove ${spaceSummary(space)}?`,
                          confirmText: "Remove",
                          confirmButtonType: "danger",
                        });
                        if (result === "confirmed") remove.mutate(space.id);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                ) : null}
              </ListItem>
            );
          })}
        </List>
      )}
      {canEdit ? (
        <EditorPart>
          <SpaceTypeForm config={config} profile={profile} />
        </EditorPart>
      ) : null}
      {canEdit && pricing ? (
        <EditorPart>
          <SpaceDayPriceDialog
            config={config}
            profile={profile}
            space={pricing}
            onClose={() => setPricing(null)}
          />
        </EditorPart>
      ) : null}
    </ProfileSection>
  );
}
