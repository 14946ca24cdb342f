export { InstallAppButton } from "./install-app-button";
export { LandingPage } from "./landing-page";
