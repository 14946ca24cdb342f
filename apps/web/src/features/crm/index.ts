// What other parts of the web app may use of the CRM feature.
export { crmManageLinks, crmSettingsPath } from "./crm-paths";
