// The destination service's CRM calls as the web makes them (`/destinations/{id}/crm`): the
// connections, adding, changing and removing one, its remote accounts, its setup (the test), a
// sync now, and its log a page at a time.
import {
  type TCrmSetupInput,
  type TDestinationCrm,
  type TDestinationCrmAccount,
  type TDestinationCrmInput,
  type TDestinationCrmLog,
  ZDestinationCrm,
  ZDestinationCrmAccount,
  ZDestinationCrmLog,
} from "@hostfield/domain/contracts";
import { apiDelete, apiGetList, apiPatch, apiPost, apiPut, type TListResult } from "../../lib/api";

const enc = encodeURIComponent;
const DESTINATIONS = "/destination-mgmt/api/destinations";
const crmBase = (destinationId: string) => `${DESTINATIONS}/${enc(destinationId)}/crm`;
const one = (destinationId: string, crmId: string) => `${crmBase(destinationId)}/${enc(crmId)}`;

/** Log entries a page shows. */
export const CRM_LOG_PAGE = 10;

export const crmKeys = {
  all: ["crm"] as const,
  list: (destinationId: string) => ["crm", destinationId] as const,
  accounts: (destinationId: string, crmId: string) =>
    ["crm", destinationId, crmId, "accounts"] as const,
  logs: (destinationId: string, crmId: string, page: number) =>
    ["crm", destinationId, crmId, "logs", page] as const,
};

export function listCrms(
  destinationId: string,
  signal?: AbortSignal,
): Promise<TListResult<TDestinationCrm>> {
  return apiGetList(crmBase(destinationId), {
    query: { take: 100 },
    schema: ZDestinationCrm,
    signal,
  });
}

export function createCrm(
  destinationId: string,
  input: TDestinationCrmInput,
): Promise<TDestinationCrm> {
  return apiPost(crmBase(destinationId), input, { schema: ZDestinationCrm });
}

/** Switches the connection on or off. */
export function setCrmEnabled(destinationId: string, crmId: string, isEnabled: boolean) {
  return apiPatch(
    one(destinationId, crmId),
    [{ op: "replace", path: "/isEnabled", value: isEnabled }],
    {
      schema: ZDestinationCrm,
    },
  );
}

export function deleteCrm(destinationId: string, crmId: string): Promise<void> {
  return apiDelete(one(destinationId, crmId));
}

export function listCrmAccounts(
  destinationId: string,
  crmId: string,
  signal?: AbortSignal,
): Promise<TListResult<TDestinationCrmAccount>> {
  return apiGetList(`${one(destinationId, crmId)}/accounts`, {
    schema: ZDestinationCrmAccount,
    signal,
  });
}

/** Sets the connection up with the mapping given (the rest as it is) and tests the credentials. */
export function setUpCrm(
  destinationId: string,
  crmId: string,
  input: TCrmSetupInput,
): Promise<TDestinationCrm> {
  return apiPost(`${one(destinationId, crmId)}/accounts/setup`, input, { schema: ZDestinationCrm });
}

export function syncCrm(destinationId: string, crmId: string): Promise<unknown> {
  return apiPut(`${one(destinationId, crmId)}/sync`);
}

export function listCrmLogs(
  destinationId: string,
  crmId: string,
  page: number,
  signal?: AbortSignal,
): Promise<TListResult<TDestinationCrmLog>> {
  return apiGetList(`${one(destinationId, crmId)}/logs`, {
    query: { offset: page * CRM_LOG_PAGE, take: CRM_LOG_PAGE },
    schema: ZDestinationCrmLog,
    signal,
  });
}
