// Messaging's public face: the page, and the calls other pages make to open a conversation or
// post to one (a listing's members, a member's page, a lead's proposal).
export {
  fileMessageBody,
  fileSegmentOf,
  openDirectConversation,
  postMessage,
  threadKeys,
  uploadGroupFile,
} from "./messaging-api";
export { MessagingPage } from "./messaging-page";
