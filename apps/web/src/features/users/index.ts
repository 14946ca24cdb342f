export { UserPage } from "./user-page";
