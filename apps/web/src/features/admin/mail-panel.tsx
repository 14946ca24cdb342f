// The mail outbox of the embedded default (no mail service configured): what the server sent,
// newest first, page by page (?page= in the address); each message opens in place.
import { numberCodec } from "@hostfield/domain/rules";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailRead";
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Pagination from "@mui/material/Pagination";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { NoticePanel } from "../../app/layouts/notice-panel";
import { apiErrorMessage } from "../../lib/api";
import { useQueryParam } from "../../lib/query-params";
import { adminKeys, listMail, type TMail } from "./admin-api";
import { formatDateTime } from "./format";

/** Messages on one page of the outbox. */
export const MAIL_PAGE_SIZE = 20;
export const MAIL_EMPTY = "The outbox is empty";

export function MailPanel() {
  const [rawPage, setPage] = useQueryParam("page", numberCodec, 1);
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const range = { offset: (page - 1) * MAIL_PAGE_SIZE, take: MAIL_PAGE_SIZE };
  const query = useQuery({
    queryKey: adminKeys.mail(range),
    queryFn: ({ signal }) => listMail(range, signal),
    // The page shown stays until the next one arrives, so the pager does not jump.
    placeholderData: keepPreviousData,
  });

  if (query.isPending) {
    return (
      <Stack spacing={1} role="status" aria-label="Loading the outbox">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  }

  if (query.isError && !query.data) {
    return (
      <NoticePanel
        role="alert"
        icon={<ReportProblemIcon />}
        title="The outbox did not load"
        actions={
          <Button variant="contained" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(query.error, "Check your connection and try again.")}
      </NoticePanel>
    );
  }

  const { items, count } = query.data;
  const pages = Math.max(1, Math.ceil(count / MAIL_PAGE_SIZE));

  if (count === 0) {
    return (
      <NoticePanel role="status" icon={<MarkEmailReadIcon />} title={MAIL_EMPTY}>
        Sign-up, password and notification e-mails the server sends show up here.
      </NoticePanel>
    );
  }

  if (items.length === 0 && !query.isPlaceholderData) {
    return (
      <NoticePanel
        role="status"
        icon={<MarkEmailReadIcon />}
        title="There is nothing on this page"
        actions={
          <Button variant="outlined" onClick={() => setPage(1)}>
            Go to the first page
          </Button>
        }
      >
        The outbox has {pages} {pages === 1 ? "page" : "pages"}.
      </NoticePanel>
    );
  }

  const first = range.offset + 1;
  const last = range.offset + items.length;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" role="status">
        {query.isPlaceholderData
          ? "Loading…"
          : `Showing ${first}–${last} of ${count} ${count === 1 ? "message" : "messages"}, newest first`}
      </Typography>
      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(query.error, "This page did not load.")}
        </Alert>
      ) : null}
      <Box aria-busy={query.isPlaceholderData} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {items.map((mail) => (
          <MailItem key={mail.id} mail={mail} />
        ))}
      </Box>
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => setPage(next, { push: true })}
          color="primary"
          siblingCount={0}
          aria-label="Outbox pages"
          sx={{ alignSelf: "center" }}
        />
      ) : null}
    </Stack>
  );
}

function MailItem({ mail }: { mail: TMail }) {
  const id = useId();
  const when = formatDateTime(mail.createdDate);
  return (
    <Accordion
      disableGutters
      variant="outlined"
      // Bodies render when opened: a page of long e-mails stays light.
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ "&:not(:last-of-type)": { borderBottom: 0 } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={`${id}-summary`}
        aria-controls={`${id}-body`}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component="span"
            sx={{ display: "block", fontWeight: 600, overflowWrap: "anywhere" }}
          >
            {mail.subject}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: "block", overflowWrap: "anywhere" }}
          >
            To {mail.to}
            {when ? ` · ${when}` : null}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={1}>
          {mail.error ? <Alert severity="error">Sending failed: {mail.error}</Alert> : null}
          {mail.transport ? (
            <div>
              <Chip
                size="small"
                variant="outlined"
                label={mail.transport === "smtp" ? "Sent by SMTP" : "Kept in the outbox"}
              />
            </div>
          ) : null}
          <Box
            component="pre"
            sx={{
              m: 0,
              whiteSpace: "pre-wrap",
              overflowWrap: "anywhere",
              fontFamily: "inherit",
              typography: "body2",
            }}
          >
            {mail.text}
          </Box>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
