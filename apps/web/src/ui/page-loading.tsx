import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";

/** Shown while a page's code loads for the first time. */
export function PageLoading() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={2} role="status" aria-live="polite" aria-label="Loading page">
        <Skeleton variant="text" width="40%" sx={{ fontSize: 34 }} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    </Container>
  );
}
