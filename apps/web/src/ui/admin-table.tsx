// The table of an admin list (approvals, listings, members, jobs, leaderboards): the states of the
// query its rows come from (the first load, its failure, an empty list), the line that says how
// many show, a toolbar, the rows, and the "Load more" footer. Rows are either a table's (`columns`: a header, cells aligned, scrolling sideways on a phone) or a list's
// (`row`: each an `AdminTableRow`, stacked on a phone, a line from sm up, with its actions).
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import type { SxProps, Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Fragment, type ReactNode } from "react";
import { NoticePanel } from "./notice-panel";
import {
  ListSkeleton,
  LoadFailedPanel,
  LoadMoreFooter,
  type TEmptyNotice,
  type TListQueryState,
  type TNextPageState,
  type TSkeletonShape,
} from "./query-states";

/** One column of a table: its header, and each row's cell. */
export type TAdminColumn<T> = {
  key: string;
  label: ReactNode;
  /** Figures align right. */
  align?: "left" | "right";
  /** The column that names its row: its cells are the rows' headers. */
  rowHeader?: boolean;
  cell: (item: T) => ReactNode;
  /** A cell's own look (a failure count in red, say). */
  cellSx?: (item: T) => SxProps<Theme> | undefined;
};

/** Where the rows come from, when the table shows its query's states itself. */
export type TAdminTableLoad = {
  query: TListQueryState & Partial<TNextPageState>;
  loadingLabel: string;
  failedTitle: string;
  skeleton?: TSkeletonShape;
  /** Pages after the first, with "Load more" (and why the next one failed). */
  more?: { failedText: string; label?: string };
};

type TAdminTableProps<T> = {
  items: readonly T[];
  rowKey: (item: T) => string;
  /** The table's or list's name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** Without it, the rows are shown as they are given (the page loads them). */
  load?: TAdminTableLoad;
  /** What an empty list says: a panel, or a line. */
  empty: TEmptyNotice | string;
  /** "Showing 20 of 31 members", announced as it changes. */
  summary?: ReactNode;
  /** Between the summary and the rows: what acts on several rows at once. */
  toolbar?: ReactNode;
} & (
  | { columns: readonly TAdminColumn<T>[]; row?: never }
  | { row: (item: T) => ReactNode; columns?: never }
);

export function AdminTable<T>({
  items,
  rowKey,
  label,
  labelledBy,
  load,
  empty,
  summary,
  toolbar,
  columns,
  row,
}: TAdminTableProps<T>) {
  const isEmpty = items.length === 0;
  const named = { "aria-label": label, "aria-labelledby": labelledBy };
  // As QueryStates: a failed refresh of a list that has rows keeps showing them.
  if (load?.query.isPending) {
    return <ListSkeleton label={load.loadingLabel} {...load.skeleton} />;
  }
  if (load?.query.isError && isEmpty) {
    return (
      <LoadFailedPanel
        title={load.failedTitle}
        error={load.query.error}
        onRetry={() => void load.query.refetch()}
      />
    );
  }
  if (isEmpty) return <EmptyRows empty={empty} />;

  return (
    <Stack spacing={1.5}>
      {summary ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {summary}
        </Typography>
      ) : null}
      {toolbar}
      {columns ? (
        <AdminTableGrid items={items} rowKey={rowKey} columns={columns} named={named} />
      ) : (
        <Paper variant="outlined" component="ul" {...named} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {items.map((item) => (
            <Fragment key={rowKey(item)}>{row(item)}</Fragment>
          ))}
        </Paper>
      )}
      {load?.more && isNextPaged(load.query) ? (
        <LoadMoreFooter
          query={load.query}
          failedText={load.more.failedText}
          label={load.more.label}
        />
      ) : null}
    </Stack>
  );
}

const isNextPaged = (query: Partial<TNextPageState>): query is TNextPageState =>
  typeof query.fetchNextPage === "function";

function EmptyRows({ empty }: { empty: TEmptyNotice | string }) {
  if (typeof empty === "string") return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <NoticePanel role="status" icon={empty.icon} title={empty.title} actions={empty.actions}>
      {empty.text}
    </NoticePanel>
  );
}

function AdminTableGrid<T>({
  items,
  rowKey,
  columns,
  named,
}: {
  items: readonly T[];
  rowKey: (item: T) => string;
  columns: readonly TAdminColumn<T>[];
  named: { "aria-label"?: string; "aria-labelledby"?: string };
}) {
  return (
    // On a phone the table scrolls sideways instead of squeezing its columns.
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: "auto" }}>
      <Table size="small" {...named}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} component="th" scope="col" align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={rowKey(item)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <TableCell
                    key={column.key}
                    component="th"
                    scope="row"
                    align={column.align}
                    sx={[{ overflowWrap: "anywhere" }, ...sxList(column.cellSx?.(item))]}
                  >
                    {column.cell(item)}
                  </TableCell>
                ) : (
                  <TableCell key={column.key} align={column.align} sx={column.cellSx?.(item)}>
                    {column.cell(item)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const sxList = (sx: SxProps<Theme> | undefined) => (Array.isArray(sx) ? sx : sx ? [sx] : []);

/** A row of its own: stacked on a phone, a line from sm up. */
const PLAIN_ROW = {
  display: "flex",
  flexDirection: { xs: "column", sm: "row" },
  alignItems: { sm: "center" },
  gap: 1.5,
  px: { xs: 1.5, sm: 2 },
} as const;
/** A row with a checkbox first: the box beside the rest on every screen. */
const CHOSEN_ROW = {
  display: "flex",
  alignItems: "flex-start",
  gap: { xs: 0.5, sm: 1 },
  pl: { xs: 0.5, sm: 1 },
  pr: { xs: 1.5, sm: 2 },
} as const;

/**
 * One row of an admin list: what it is (`children`), and beside it what can be done to it
 * (`actions`); stacked on a phone, a line from sm up. A row chosen for a bulk action has its
 * checkbox first (`leading`), beside the rest on every screen.
 */
export function AdminTableRow({
  label,
  leading,
  actions,
  children,
}: {
  label: string;
  leading?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      aria-label={label}
      sx={[
        { py: 1.5, "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" } },
        leading ? CHOSEN_ROW : PLAIN_ROW,
      ]}
    >
      {leading}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>{children}</Box>
      {actions ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            flexShrink: 0,
            flexWrap: "wrap",
            alignItems: "center",
            alignSelf: { xs: "flex-start", sm: "center" },
          }}
        >
          {actions}
        </Stack>
      ) : null}
    </Box>
  );
}
