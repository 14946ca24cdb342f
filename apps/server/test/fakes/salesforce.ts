// A fake Salesforce org for the CRM sync's tests, following the documented shapes: the OAuth 2.0
// client-credentials token (`POST /services/oauth2/token`, form-encoded; `{access_token,
// instance_url, token_type, issued_at, signature}`, or 400 `{error: "invalid_client",
// error_description}`), and the REST API at the instance URL (the same server): Opportunity's
// describe (fields, the StageName picklist, the external id field `Hostfield_Lead_Id__c`), SOQL
// queries of one equality (`GET /query?q=SELECT Id FROM X WHERE F = '…' LIMIT 1`), creating
// records (`POST /sobjects/{X}` → 201 `{id, success, errors}`) and upserting an opportunity by the
// external id (`PATCH /sobjects/Opportunity/Hostfield_Lead_Id__c/{value}` → 201 created, or 200
// with `created: false`). Errors are `[{message, errorCode, fields}]`.
import { randomBytes } from "node:crypto";
import { startFake, type TFakeReply, type TFakeRequest, type TFakeServer } from "./http-fake";

export type TSalesforceRecord = { Id: string } & Record<string, unknown>;
export type TFakeSalesforce = TFakeServer & {
  clientId: string;
  clientSecret: string;
  records: Record<"Account" | "Contact" | "Opportunity", TSalesforceRecord[]>;
  /** Tokens handed out so far. */
  tokens: string[];
};

const API = "/services/data/v60.0";
const STAGES = [
  "Prospecting",
  "Qualification",
  "Needs Analysis",
  "Proposal/Price Quote",
  "Negotiation/Review",
  "Closed Won",
  "Closed Lost",
];
const FIELDS = ["Id", "Name", "StageName", "CloseDate", "Amount", "Description", "AccountId"];
const prefixes = { Account: "001", Contact: "003", Opportunity: "006" } as const;

export async function startFakeSalesforce(
  clientId = "3MVG9fakeConsumerKey",
  clientSecret = "sf-consumer-secret-0123456789ABCDEF",
): Promise<TFakeSalesforce> {
  const records: TFakeSalesforce["records"] = { Account: [], Contact: [], Opportunity: [] };
  const tokens: string[] = [];
  let url = "";
  const newId = (object: keyof typeof prefixes) =>
    `${prefixes[object]}${randomBytes(6).toString("hex").toUpperCase()}AAA`.slice(0, 18);
  const error = (status: number, message: string, errorCode: string): TFakeReply => ({
    status,
    body: [{ message, errorCode, fields: [] }],
  });

  function route(r: TFakeRequest): TFakeReply {
    if (r.method === "POST" && r.path === "/services/oauth2/token") {
      const b = r.body ?? {};
      if (b.grant_type !== "client_credentials") {
        return {
          status: 400,
          body: { error: "unsupported_grant_type", error_description: "grant type not supported" },
        };
      }
      if (b.client_id !== clientId || b.client_secret !== clientSecret) {
        return {
          status: 400,
          body: { error: "invalid_client", error_description: "invalid client credentials" },
        };
      }
      const token = `00Dfake!${randomBytes(16).toString("hex")}`;
      tokens.push(token);
      return {
        status: 200,
        body: {
          access_token: token,
          instance_url: url,
          id: `${url}/id/00Dfake/005fake`,
          token_type: "Bearer",
          issued_at: String(Date.now()),
          signature: randomBytes(12).toString("base64"),
        },
      };
    }
    const auth = String(r.headers.authorization ?? "");
    if (!tokens.some((t) => auth === `Bearer ${t}`)) {
      return error(401, "Session expired or invalid", "INVALID_SESSION_ID");
    }
    const p = r.path.startsWith(API) ? r.path.slice(API.length) : null;
    if (p === null) return error(404, "The requested resource does not exist", "NOT_FOUND");
    if (r.method === "GET" && p === "/sobjects/Opportunity/describe") {
      return {
        status: 200,
        body: {
          name: "Opportunity",
          fields: [
            ...FIELDS.map((name) => ({
              name,
              externalId: false,
              picklistValues:
                name === "StageName"
                  ? STAGES.map((value) => ({
                      value,
                      label: value,
                      active: true,
                      defaultValue: false,
                    }))
                  : [],
            })),
            { name: "Hostfield_Lead_Id__c", externalId: true, unique: true, picklistValues: [] },
          ],
        },
      };
    }
    if (r.method === "GET" && p === "/query") {
      const q = r.query.get("q") ?? "";
      const m = q.match(/^SELECT Id FROM (\w+) WHERE (\w+) = '((?:[^'\\]|\\.)*)' LIMIT 1$/);
      if (!m) return error(400, `unexpected query: ${q}`, "MALFORMED_QUERY");
      const value = m[3]!.replace(/\\(.)/g, "$1");
      const list = records[m[1] as keyof typeof records] ?? [];
      const found = list.filter((rec) => rec[m[2]!] === value).slice(0, 1);
      return {
        status: 200,
        body: {
          totalSize: found.length,
          done: true,
          records: found.map((rec) => ({
            attributes: { type: m[1], url: `${API}/sobjects/${m[1]}/${rec.Id}` },
            Id: rec.Id,
          })),
        },
      };
    }
    let m = p.match(/^\/sobjects\/(Account|Contact)$/);
    if (r.method === "POST" && m) {
      const object = m[1] as "Account" | "Contact";
      if (object === "Contact" && !r.body?.LastName) {
        return error(400, "Required fields are missing: [LastName]", "REQUIRED_FIELD_MISSING");
      }
      const rec = { Id: newId(object), ...r.body };
      records[object].push(rec);
      return { status: 201, body: { id: rec.Id, success: true, errors: [] } };
    }
    m = p.match(/^\/sobjects\/Opportunity\/Hostfield_Lead_Id__c\/([^/]+)$/);
    if (r.method === "PATCH" && m) {
      const leadId = decodeURIComponent(m[1]!);
      const existing = records.Opportunity.find((o) => o.Hostfield_Lead_Id__c === leadId);
      if (existing) {
        Object.assign(existing, r.body);
        return {
          status: 200,
          body: { id: existing.Id, success: true, errors: [], created: false },
        };
      }
      for (const required of ["Name", "StageName", "CloseDate"]) {
        if (!r.body?.[required]) {
          return error(400, `Required fields are missing: [${required}]`, "REQUIRED_FIELD_MISSING");
        }
      }
      if (!STAGES.includes(r.body.StageName)) {
        return error(
          400,
          `bad value for restricted picklist field: ${r.body.StageName}`,
          "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
        );
      }
      const rec = { Id: newId("Opportunity"), ...r.body, Hostfield_Lead_Id__c: leadId };
      records.Opportunity.push(rec);
      return { status: 201, body: { id: rec.Id, success: true, errors: [], created: true } };
    }
    return error(404, `The requested resource does not exist: ${r.method} ${r.path}`, "NOT_FOUND");
  }

  const server = await startFake(route);
  url = server.url;
  return { ...server, clientId, clientSecret, records, tokens };
}
