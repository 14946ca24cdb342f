import MarkEmailReadIcon from "@mui/icons-material/MarkEmailRead";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { AccordionRow } from "../../ui/accordion-row";
import { NoticePanel } from "../../ui/notice-panel";
import { QueryStates, RetryAlert } from "../../ui/query-states";
import { pageCount, UrlPager, useUrlPage } from "../../ui/url-pages";
import { adminKeys, listMail, type TMail } from "./admin-api";

/** Messages on one page of the outbox. */
export const MAIL_PAGE_SIZE = 20;
export const MAIL_EMPTY = "The outbox is empty";

export function MailPanel() {
  const { page, range, reset, goTo } = useUrlPage(MAIL_PAGE_SIZE);
  const query = useQuery({
    queryKey: adminKeys.mail(range),
    queryFn: ({ signal }) => listMail(range, signal),
    // The page shown stays until the next one arrives, so the pager does not jump.
    placeholderData: keepPreviousData,
  });

  const items = query.data?.items ?? [];
  const count = query.data?.count ?? 0;
  const pages = pageCount(count, MAIL_PAGE_SIZE);

  return (
    <QueryStates
      query={query}
      isEmpty={count === 0}
      loadingLabel="Loading the outbox"
      skeleton={{ rows: 4 }}
      failedTitle="The outbox did not load"
      empty={{
        icon: <MarkEmailReadIcon />,
        title: MAIL_EMPTY,
        text: "Sign-up, password and notification e-mails the server sends show up here.",
      }}
    >
      {() =>
        items.length === 0 && !query.isPlaceholderData ? (
          <NoticePanel
            role="status"
            icon={<MarkEmailReadIcon />}
            title="There is nothing on this page"
            actions={
              <Button variant="outlined" onClick={() => reset()}>
                Go to the first page
              </Button>
            }
          >
            The outbox has {pages} {pages === 1 ? "page" : "pages"}.
          </NoticePanel>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary" role="status">
              {query.isPlaceholderData
                ? "Loading…"
                : `Showing ${range.offset + 1}–${range.offset + items.length} of ${count} ${count === 1 ? "message" : "messages"}, newest first`}
            </Typography>
            {query.isError ? (
              <RetryAlert onRetry={() => void query.refetch()}>
                {apiErrorMessage(query.error, "This page did not load.")}
              </RetryAlert>
            ) : null}
            <Box
              aria-busy={query.isPlaceholderData}
              sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
            >
              {items.map((mail) => (
                <MailItem key={mail.id} mail={mail} />
              ))}
            </Box>
            <UrlPager page={page} pages={pages} onPage={goTo} label="Outbox pages" />
          </Stack>
        )
      }
    </QueryStates>
  );
}

function MailItem({ mail }: { mail: TMail }) {
  const when = formatDateTime(mail.createdDate);
  // Bodies render when opened: a page of long e-mails stays light.
  return (
    <AccordionRow
      title={mail.subject}
      secondary={
        <>
          To {mail.to}
          {when ? ` · ${when}` : null}
        </>
      }
    >
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
    </AccordionRow>
  );
}
