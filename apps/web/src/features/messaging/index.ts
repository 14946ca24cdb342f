// Messaging's public face: the page, and the calls other pages make to open a conversation or
// post to one (a listing's members, a member's page, a lead's proposal), and the invitee's answers
// to invitations to groups (the account page, notifications).

export {
  GroupInvitationAnswerButtons,
  MyGroupInvitations,
  NO_GROUP_INVITATIONS,
} from "./group-invitations";
export {
  fileMessageBody,
  fileSegmentOf,
  openDirectConversation,
  postMessage,
  threadKeys,
  uploadGroupFile,
} from "./messaging-api";
export { MessagingPage } from "./messaging-page";
