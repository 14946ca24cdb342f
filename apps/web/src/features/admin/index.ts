export { AdminPage } from "./admin-page";
