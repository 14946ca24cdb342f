// One URL query parameter as typed React state. Encoding and decoding (spec §2: string, number,
// date YYYY-MM-DD, boolean 1/0, lists, enums) are the domain's query codecs.
import {
  decodeQuery,
  type TQueryCodec,
  type TQueryCodecMap,
  type TQueryValues,
} from "@hostfield/domain/rules";
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

export type TQueryParamsPatch<C extends TQueryCodecMap> = {
  [K in keyof C]?: (C[K] extends TQueryCodec<infer T> ? T : never) | null | undefined;
};

/**
 * Several query parameters as one typed record (see `useQueryParam`): absent or malformed ones
 * are left out. `setValues` changes only the keys it is given, all in one history entry; a key
 * given as undefined or null, or whose value encodes to nothing, is removed from the address.
 * Parameters without a codec here are kept as they are. Updates push a history entry unless
 * `replace` is asked for, so back and forward walk through the changes.
 */
export function useQueryParams<C extends TQueryCodecMap>(
  codecs: C,
): [TQueryValues<C>, (patch: TQueryParamsPatch<C>, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string is the params' identity.
  const values = useMemo(() => decodeQuery(searchParams, codecs), [key, codecs]);

  const setValues = useCallback(
    (patch: TQueryParamsPatch<C>, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          for (const name of Object.keys(patch)) {
            const codec = codecs[name];
            const next = patch[name];
            const encoded =
              codec && next !== undefined && next !== null ? codec.encode(next) : undefined;
            if (encoded === undefined) params.delete(name);
            else params.set(name, encoded);
          }
          return params;
        },
        { replace: options?.replace ?? false },
      );
    },
    [codecs, setSearchParams],
  );

  return [values, setValues];
}
