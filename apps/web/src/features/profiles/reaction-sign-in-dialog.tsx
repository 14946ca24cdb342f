// Asked of a visitor who pressed Like or Follow: sign up or log in, and come back here to do it.
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { useAuth } from "../../lib/auth";

export function ReactionSignInDialog({
  title,
  reason,
  returnTo,
  onClose,
}: {
  title: string;
  reason: string;
  returnTo: string;
  onClose: () => void;
}) {
  const auth = useAuth();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{reason}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="outlined" onClick={() => void auth.signup({ returnTo })}>
          Sign up
        </Button>
        <Button variant="contained" onClick={() => void auth.login({ returnTo })}>
          Log in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
