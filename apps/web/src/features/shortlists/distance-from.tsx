// "Distances from": a city or postal code kept in the address (`?from=`), read by the server.
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/** The place the page measures from, and a form to change it. */
export function useDistanceFrom(): string {
  const [params] = useSearchParams();
  return params.get("from")?.trim() ?? "";
}

export function DistanceFrom() {
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? "";
  const [text, setText] = useState(from);
  useEffect(() => setText(from), [from]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (text.trim()) next.set("from", text.trim());
    else next.delete("from");
    setParams(next, { replace: true });
  };
  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ maxWidth: 420 }}>
      <TextField
        size="small"
        fullWidth
        label="Distances from (city, ST or ZIP)"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="outlined">
        Measure
      </Button>
    </Stack>
  );
}
