// Where a destination's CRM page lives, and the manage-menu entry its managers see.
const enc = encodeURIComponent;

/** The destination's CRM page: `/destinations/{id}/crm`. */
export function crmSettingsPath(destinationId: string): string {
  return `/destinations/${enc(destinationId)}/crm`;
}

/** What a destination's manage menu offers those who may update it: its CRM. */
export function crmManageLinks(kind: string, id: string, canManage: boolean) {
  if (!canManage || kind !== "destination") return [];
  return [{ label: "CRM", to: crmSettingsPath(id) }];
}
