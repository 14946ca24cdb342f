// HubSpot (CRM API v3, a private app's access token): a lead becomes a deal in the chosen
// pipeline, at the stage its status maps to, associated with its company (the organizer) and its
// contact (the organizer's e-mail address). The deal carries our lead id in `hostfield_lead_id`
// (a property the setup makes), so a sync that failed after HubSpot created the deal finds it
// instead of making another; companies and contacts are found by name and e-mail the same way.
import { callRemote, MappingError, type TConnectorEnv, type TCrmConnector } from "./connector";
import { dealFields } from "./shared";

const LEAD_ID_PROPERTY = "hostfield_lead_id";
/** HubSpot-defined association types: deal to contact, deal to its primary company. */
const DEAL_TO_CONTACT = 3;
const DEAL_TO_COMPANY = 5;

type TObject = { id: string; properties?: Record<string, string | null> };
type TPipeline = { id: string; label: string; stages: { id: string; label: string }[] };

function api(env: TConnectorEnv, token: string) {
  const call = (method: string, path: string, body?: object, allow: readonly number[] = []) =>
    callRemote(
      "HubSpot",
      env,
      `${env.hubspotBaseUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      allow,
    );
  /** The first object of the type whose property equals the value, or null. */
  const find = async (type: string, property: string, value: string) => {
    const { body } = await call("POST", `/crm/v3/objects/${type}/search`, {
      filterGroups: [{ filters: [{ propertyName: property, operator: "EQ", value }] }],
      properties: [property],
      limit: 1,
    });
    return ((body as { results?: TObject[] }).results ?? [])[0]?.id ?? null;
  };
  const create = async (type: string, properties: object, associations: object[] = []) => {
    const { body } = await call("POST", `/crm/v3/objects/${type}`, { properties, associations });
    return (body as TObject).id;
  };
  return { call, find, create };
}

const association = (id: string, typeId: number) => ({
  to: { id },
  types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: typeId }],
});

export const hubspotConnector: TCrmConnector = {
  defaults: {
    accountId: "default",
    stages: {
      Open: "appointmentscheduled",
      Interested: "presentationscheduled",
      Won: "closedwon",
      Lost: "closedlost",
      Passed: "closedlost",
    },
    fields: {
      name: "dealname",
      amount: "amount",
      closeDate: "closedate",
      description: "description",
    },
  },
  async connect(connection, env) {
    const hs = api(env, connection.secret);
    return {
      async accounts() {
        const { body } = await hs.call("GET", "/crm/v3/pipelines/deals");
        return ((body as { results?: TPipeline[] }).results ?? []).map((p) => ({
          id: p.id,
          name: p.label,
          stages: p.stages.map((s) => ({ id: s.id, name: s.label })),
        }));
      },
      async check(mapping) {
        const pipelineId = mapping.accountId ?? "default";
        const found = await hs.call(
          "GET",
          `/crm/v3/pipelines/deals/${encodeURIComponent(pipelineId)}`,
          undefined,
          [404],
        );
        if (found.status === 404)
          throw new MappingError(`HubSpot has no deal pipeline "${pipelineId}".`);
        const pipeline = found.body as TPipeline;
        const stages = new Set(pipeline.stages.map((s) => s.id));
        const missing = Object.values(mapping.stages).filter((s) => !stages.has(s));
        if (missing.length > 0) {
          throw new MappingError(
            `HubSpot's pipeline "${pipeline.label}" has no stage ${missing.map((m) => `"${m}"`).join(", ")}.`,
          );
        }
        // The property that carries our lead id, made once.
        const property = await hs.call(
          "GET",
          `/crm/v3/properties/deals/${LEAD_ID_PROPERTY}`,
          undefined,
          [404],
        );
        if (property.status === 404) {
          await hs.call("POST", "/crm/v3/properties/deals", {
            name: LEAD_ID_PROPERTY,
            label: "Hostfield lead id",
            type: "string",
            fieldType: "text",
            groupName: "dealinformation",
          });
        }
      },
      async push(lead, mapping, known) {
        const refs = { ...(known?.refs ?? {}) };
        const dealId = known?.remoteId ?? (await hs.find("deals", LEAD_ID_PROPERTY, lead.id));
        const properties = {
          ...dealFields(lead, mapping),
          pipeline: mapping.accountId ?? "default",
          dealstage: mapping.stages[lead.status],
          [LEAD_ID_PROPERTY]: lead.id,
        };
        if (dealId) {
          await hs.call("PATCH", `/crm/v3/objects/deals/${encodeURIComponent(dealId)}`, {
            properties,
          });
          return { remoteId: dealId, refs };
        }
        const { organizer } = lead;
        refs.companyId ??=
          (await hs.find("companies", "name", organizer.name)) ??
          (await hs.create("companies", {
            name: organizer.name,
            ...(organizer.phone ? { phone: organizer.phone } : {}),
            ...(organizer.website ? { domain: hostOf(organizer.website) } : {}),
          }));
        if (organizer.email) {
          refs.contactId ??=
            (await hs.find("contacts", "email", organizer.email)) ??
            (await hs.create("contacts", {
              email: organizer.email,
              firstname: organizer.name,
              ...(organizer.phone ? { phone: organizer.phone } : {}),
            }));
        }
        const associations = [
          association(refs.companyId, DEAL_TO_COMPANY),
          ...(refs.contactId ? [association(refs.contactId, DEAL_TO_CONTACT)] : []),
        ];
        return { remoteId: await hs.create("deals", properties, associations), refs };
      },
    };
  },
};

function hostOf(website: string): string {
  try {
    return new URL(website).hostname;
  } catch {
    return website;
  }
}
