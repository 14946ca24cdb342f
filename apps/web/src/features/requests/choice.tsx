// A labelled group of radio buttons, each option with an optional line below its label: how the
// request wizard's steps ask one thing among a few (where, how soon, who gets it).
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { useId } from "react";

/** A labelled group of radio buttons, each with an optional line below its label. */
export function Choice<T extends string>({
  label,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  value: T | "";
  options: readonly { value: T; label: string; detail?: string }[];
  error?: string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={id} sx={{ mb: 1, fontWeight: 600 }}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            sx={{ alignItems: "flex-start", mb: 1, "& .MuiRadio-root": { mt: -0.75 } }}
            label={
              <Box>
                <Typography component="span" sx={{ display: "block" }}>
                  {option.label}
                </Typography>
                {option.detail ? (
                  <Typography variant="body2" color="text.secondary" component="span">
                    {option.detail}
                  </Typography>
                ) : null}
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
