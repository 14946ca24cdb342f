// The assistant's public face: a destination page's "Ask {guide}" button, the chat's place around
// the pages (the shell), the destination manage menu's link to the guide's settings, and the admins'
// tab of low-rated answers. The settings page loads as a route of its own; the chat and its calls
// load when the chat first opens.
export { AssistantPanel } from "./assistant-panel";
export { assistantManageLinks } from "./assistant-paths";
export { GuideChatProvider } from "./guide-chat-host";
export { TourGuideSection } from "./guide-section";
export * from "./rfp-api";
