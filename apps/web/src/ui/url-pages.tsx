// Numbered pages of a list, the page kept in the URL (`?page=`) so reload, back and a shared link
// land on the same page: the rule and the pager every numbered list uses.

import { numberCodec } from "@hostfield/domain/rules";
import Pagination from "@mui/material/Pagination";
import { useQueryParam } from "../lib/query-params";

/** The page the URL asks for (1 when it asks for nothing sensible) and its offset range. */
export function useUrlPage(pageSize: number) {
  const [rawPage, setPage] = useQueryParam("page", numberCodec, 1);
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  return {
    page,
    range: { offset: (page - 1) * pageSize, take: pageSize },
    /** Back to the first page, replacing the history entry (a filter changed, say). */
    reset: () => setPage(1),
    /** A page the user picked: a history entry of its own, so Back returns to the last one. */
    goTo: (next: number) => setPage(next, { push: true }),
  };
}

/** How many pages `count` rows fill, at least one. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The pager under a list; nothing when everything fits on one page. */
export function UrlPager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <Pagination
      count={pages}
      page={Math.min(page, pages)}
      onChange={(_event, next) => onPage(next)}
      color="primary"
      siblingCount={0}
      aria-label={label}
      sx={{ alignSelf: "center" }}
    />
  );
}
