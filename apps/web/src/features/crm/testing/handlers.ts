// Test-only MSW handlers for a destination's CRM calls, answering from a CRM world (data.ts): the
// list, an add (kept, answered without its secret), a setup (ready, with a "check" log entry), a
// sync (queued) and the log a page at a time. None of the server's rules: a test that needs a
// refusal says so with server.use.
import {
  ZCrmSyncQueued,
  ZDestinationCrm,
  ZDestinationCrmAccount,
  ZDestinationCrmLog,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataOf, dataReply, listReply, pageReply } from "../../../test/msw";
import { buildCrm, buildCrmLog, crmUuid, type TCrmWorld } from "./data";

export const crmUrl = (destinationId: string) =>
  `/destination-mgmt/api/destinations/${destinationId}/crm`;

export function crmHandlers(world: TCrmWorld) {
  const base = "/destination-mgmt/api/destinations/:id/crm";
  return [
    http.get(base, () => listReply(ZDestinationCrm, world.crms)),
    http.post(base, async ({ params, request }) => {
      const input = await dataOf<{
        connector: "webhook";
        name: string;
        url: string;
        secret: string;
      }>(request);
      world.added.push(input);
      const crm = buildCrm({
        id: crmUuid(200 + world.added.length),
        destinationId: String(params.id),
        connector: input.connector,
        name: input.name,
        settings: { url: input.url ?? null, clientId: null },
        secretLast4: input.secret.slice(-4),
      });
      world.crms.push(crm);
      world.logs.set(crm.id, []);
      return dataReply(ZDestinationCrm, crm, { status: 201 });
    }),
    http.post(`${base}/:crmId/accounts/setup`, ({ params }) => {
      const crm = world.crms.find((c) => c.id === params.crmId)!;
      const ready = { ...crm, setupStatus: "ready" as const };
      world.crms = world.crms.map((c) => (c.id === crm.id ? ready : c));
      const logs = world.logs.get(crm.id) ?? [];
      world.logs.set(crm.id, [
        buildCrmLog(900, {
          crmId: crm.id,
          direction: "check",
          trigger: "setup",
          counts: { created: 0, updated: 0, unchanged: 0, failed: 0 },
        }),
        ...logs,
      ]);
      return dataReply(ZDestinationCrm, ready);
    }),
    http.put(`${base}/:crmId/sync`, ({ params }) =>
      dataReply(ZCrmSyncQueued, { crmId: String(params.crmId), queued: true }, { status: 202 }),
    ),
    http.get(`${base}/:crmId/accounts`, () => listReply(ZDestinationCrmAccount, [])),
    http.get(`${base}/:crmId/logs`, ({ params, request }) =>
      pageReply(ZDestinationCrmLog, world.logs.get(String(params.crmId)) ?? [], request),
    ),
  ];
}
