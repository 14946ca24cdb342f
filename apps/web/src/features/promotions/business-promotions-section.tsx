// "Deals" on a business's page: its current and upcoming promotions for visitors; for its managers
// every promotion (expired ones marked) with Add, Edit and Remove.
import type { TPromotion, TPromotionInput } from "@hostfield/domain/contracts";
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { PageSection } from "../../ui/page-section";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { PromotionCard } from "./promotion-card";
import { PromotionFormDialog } from "./promotion-form-dialog";
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  promotionKeys,
  updatePromotion,
} from "./promotions-api";

export const DEALS_SECTION_TITLE = "Deals";

/** Featured first, then the soonest ending; expired last. */
function ordered(items: TPromotion[]): TPromotion[] {
  const rank = (p: TPromotion) => (p.status === "expired" ? 2 : p.isDefault ? 0 : 1);
  return [...items].sort((a, b) => rank(a) - rank(b) || a.validTo.localeCompare(b.validTo));
}

export function BusinessPromotionsSection({
  businessId,
  canEdit,
}: {
  businessId: string;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const list = useQuery({
    queryKey: promotionKeys.business(businessId),
    queryFn: ({ signal }) => listPromotions(businessId, signal),
  });
  // null: closed; "new": adding; a promotion: changing it.
  const [editing, setEditing] = useState<TPromotion | "new" | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: promotionKeys.all });
  const save = useMutation({
    mutationFn: (input: TPromotionInput) =>
      editing && editing !== "new"
        ? updatePromotion(businessId, editing.id, input)
        : createPromotion(businessId, input),
    onSuccess: async (saved) => {
      setEditing(null);
      enqueueSnackbar(`“${saved.title}” is saved.`, { variant: "success" });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (p: TPromotion) => deletePromotion(businessId, p.id),
    onSuccess: refresh,
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The deal could not be removed."), {
        variant: "error",
      }),
  });
  const all = list.data?.items ?? [];
  const shown = ordered(canEdit ? all : all.filter((p) => p.status !== "expired"));
  if (!canEdit && (list.isPending || shown.length === 0) && !list.isError) return null;
  const open = (p: TPromotion | "new") => {
    save.reset();
    setEditing(p);
  };
  return (
    <PageSection
      title={DEALS_SECTION_TITLE}
      actions={
        canEdit ? (
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => open("new")}>
            Add a deal
          </Button>
        ) : undefined
      }
    >
      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, "The deals did not load.")}
        </RetryAlert>
      ) : list.isPending ? (
        <ListSkeleton label="Loading the deals" rows={2} height={120} />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">
          No deals yet. Offer visiting teams a discount: it shows here and on nearby events' pages.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }}>
          {shown.map((p) => (
            <PromotionCard
              key={p.id}
              promotion={p}
              showStatus={canEdit}
              actions={
                canEdit ? (
                  <>
                    <Button size="small" onClick={() => open(p)} aria-label={`Edit ${p.title}`}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Remove ${p.title}`}
                      disabled={remove.isPending}
                      onClick={async () => {
                        const result = await confirm({
                          title: `Remove “${p.title}”?`,
                          confirmText: "Remove",
                          confirmButtonType: "danger",
                        });
                        if (result === "confirmed") remove.mutate(p);
                      }}
                    >
                      Remove
                    </Button>
                  </>
                ) : undefined
              }
            />
          ))}
        </Stack>
      )}
      {editing ? (
        <PromotionFormDialog
          businessId={businessId}
          promotion={editing === "new" ? null : editing}
          pending={save.isPending}
          error={save.isError ? apiErrorMessage(save.error, "The deal could not be saved.") : null}
          onSave={(input) => save.mutate(input)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </PageSection>
  );
}
