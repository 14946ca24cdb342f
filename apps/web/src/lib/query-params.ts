// One URL query parameter as typed React state. Encoding and decoding (spec §2: string, number,
// date YYYY-MM-DD, boolean 1/0, lists, enums) are the domain's query codecs.
import type { TQueryCodec } from "@hostfield/domain/rules";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * One query parameter as typed state; an absent or malformed value reads as the default.
 * Setting the default (or null, or a value that encodes to nothing) removes it from the
 * address, so shared links stay short. Updates replace the history entry unless `push` is asked for.
 */
export function useQueryParam<T>(
  name: string,
  codec: TQueryCodec<T>,
  defaultValue: T,
): [T, (next: T | null, options?: { push?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(name);
  const value = useMemo(() => codec.decode(raw) ?? defaultValue, [codec, raw, defaultValue]);

  const setValue = useCallback(
    (next: T | null, options?: { push?: boolean }) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const encoded = next === null ? undefined : codec.encode(next);
          if (encoded === undefined || encoded === codec.encode(defaultValue)) {
            params.delete(name);
          } else {
            params.set(name, encoded);
          }
          return params;
        },
        { replace: !options?.push },
      );
    },
    [codec, defaultValue, name, setSearchParams],
  );

  return [value, setValue];
}
