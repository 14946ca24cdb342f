// The shortlist pages' calls (they load on demand): one list with its rows, renaming, deleting,
// the share link and the shared read-only view, checked against the domain contracts. The Save
// control's own calls are in save-api.
import {
  type TSharedShortlist,
  type TShortlist,
  type TShortlistDetail,
  ZSharedShortlist,
  ZShortlist,
  ZShortlistDetail,
} from "@hostfield/domain/contracts";
import { apiDelete, apiGet, apiPut } from "../../lib/api";
import { SHORTLISTS_API } from "./save-api";

export type { TSharedShortlist, TShortlist, TShortlistDetail };

const enc = encodeURIComponent;
const list = (id: string) => `${SHORTLISTS_API}/${enc(id)}`;

export function renameShortlist(id: string, name: string): Promise<TShortlist> {
  return apiPut(list(id), { name }, { schema: ZShortlist });
}

export function deleteShortlist(id: string): Promise<void> {
  return apiDelete(list(id));
}

/** One list with its rows; `from` (a city or postal code) gives each row its distance. */
export function getShortlist(
  id: string,
  from: string,
  signal?: AbortSignal,
): Promise<TShortlistDetail> {
  return apiGet(list(id), { query: from ? { from } : {}, schema: ZShortlistDetail, signal });
}

/** A new read-only link (an older one stops working), or none. */
export function setSharing(id: string, shared: boolean): Promise<TShortlist> {
  const path = `${list(id)}/share`;
  return shared
    ? apiPut(path, undefined, { schema: ZShortlist })
    : apiDelete(path, { schema: ZShortlist });
}

export function getSharedShortlist(
  token: string,
  from: string,
  signal?: AbortSignal,
): Promise<TSharedShortlist> {
  return apiGet(`/user-mgmt/api/shared-shortlists/${enc(token)}`, {
    query: from ? { from } : {},
    schema: ZSharedShortlist,
    signal,
  });
}
