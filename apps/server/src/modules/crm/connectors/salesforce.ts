// Salesforce (REST API, OAuth 2.0 client credentials of a connected app): a lead becomes an
// opportunity at the stage its status maps to, under an account for its organizer and with a
// contact for the organizer's e-mail address. The opportunity is upserted by the external id field
// `Hostfield_Lead_Id__c` (the setup checks the org has it), so a retried sync updates the one it
// made; accounts and contacts are found by name and e-mail before one is made.
import {
  callRemote,
  MappingError,
  RemoteError,
  type TConnectorEnv,
  type TCrmConnector,
} from "./connector";
import { dealFields } from "./shared";

const API = "/services/data/v60.0";
const LEAD_ID_FIELD = "Hostfield_Lead_Id__c";

type TDescribe = {
  fields: {
    name: string;
    externalId?: boolean;
    picklistValues?: { value: string; label: string; active: boolean }[];
  }[];
};

/** SOQL's string literal. */
const soql = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

async function signIn(env: TConnectorEnv, clientId: string, secret: string) {
  const { body } = await callRemote(
    "Salesforce",
    env,
    `${env.salesforceLoginUrl}/services/oauth2/token`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: clientId,
        client_secret: secret,
      }).toString(),
    },
  );
  const token = body as { access_token?: string; instance_url?: string };
  if (!token.access_token || !token.instance_url) {
    throw new RemoteError("Salesforce gave no access token.");
  }
  return { accessToken: token.access_token, instanceUrl: token.instance_url.replace(/\/+$/, "") };
}

export const salesforceConnector: TCrmConnector = {
  defaults: {
    accountId: "Opportunity",
    stages: {
      Open: "Prospecting",
      Interested: "Proposal/Price Quote",
      Won: "Closed Won",
      Lost: "Closed Lost",
      Passed: "Closed Lost",
    },
    fields: { name: "Name", amount: "Amount", closeDate: "CloseDate", description: "Description" },
  },
  async connect(connection, env) {
    if (!connection.clientId) throw new RemoteError("Salesforce needs the consumer key.");
    const session = await signIn(env, connection.clientId, connection.secret);
    const call = (method: string, path: string, body?: object) =>
      callRemote("Salesforce", env, `${session.instanceUrl}${API}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const describe = async () =>
      (await call("GET", "/sobjects/Opportunity/describe")).body as TDescribe;
    const findId = async (object: string, field: string, value: string) => {
      const q = `SELECT Id FROM ${object} WHERE ${field} = ${soql(value)} LIMIT 1`;
      const { body } = await call("GET", `/query?q=${encodeURIComponent(q)}`);
      return ((body as { records?: { Id: string }[] }).records ?? [])[0]?.Id ?? null;
    };
    const create = async (object: string, fields: object) =>
      ((await call("POST", `/sobjects/${object}`, fields)).body as { id: string }).id;
    return {
      async accounts() {
        const stages = (await describe()).fields.find((f) => f.name === "StageName");
        return [
          {
            id: "Opportunity",
            name: "Opportunities",
            stages: (stages?.picklistValues ?? [])
              .filter((v) => v.active)
              .map((v) => ({ id: v.value, name: v.label })),
          },
        ];
      },
      async check(mapping) {
        const { fields } = await describe();
        const byName = new Map(fields.map((f) => [f.name, f]));
        if (!byName.get(LEAD_ID_FIELD)?.externalId) {
          throw new MappingError(
            `Salesforce's Opportunity needs a text field ${LEAD_ID_FIELD} marked External ID (it keeps our lead id).`,
          );
        }
        const missingFields = Object.values(mapping.fields).filter((f) => !byName.has(f));
        if (missingFields.length > 0) {
          throw new MappingError(
            `Salesforce's Opportunity has no field ${missingFields.join(", ")}.`,
          );
        }
        const stages = new Set((byName.get("StageName")?.picklistValues ?? []).map((v) => v.value));
        const missing = Object.values(mapping.stages).filter((s) => !stages.has(s));
        if (missing.length > 0) {
          throw new MappingError(
            `Salesforce has no opportunity stage ${missing.map((m) => `"${m}"`).join(", ")}.`,
          );
        }
      },
      async push(lead, mapping, known) {
        const refs = { ...(known?.refs ?? {}) };
        const { organizer } = lead;
        refs.accountId ??=
          (await findId("Account", "Name", organizer.name)) ??
          (await create("Account", {
            Name: organizer.name,
            ...(organizer.phone ? { Phone: organizer.phone } : {}),
            ...(organizer.website ? { Website: organizer.website } : {}),
          }));
        if (organizer.email) {
          refs.contactId ??=
            (await findId("Contact", "Email", organizer.email)) ??
            (await create("Contact", {
              LastName: organizer.name,
              Email: organizer.email,
              AccountId: refs.accountId,
            }));
        }
        const { body } = await call(
          "PATCH",
          `/sobjects/Opportunity/${LEAD_ID_FIELD}/${encodeURIComponent(lead.id)}`,
          {
            ...dealFields(lead, mapping),
            StageName: mapping.stages[lead.status],
            AccountId: refs.accountId,
          },
        );
        const id = (body as { id?: string } | null)?.id ?? known?.remoteId ?? null;
        return { remoteId: id, refs };
      },
    };
  },
};
