// The organizer's pages for requests for proposals.
export { MyRequestsPage } from "./my-requests-page";
export { EventRequestPage, NewRequestPage } from "./new-request-page";
export { ProposalsPage } from "./proposals-page";
