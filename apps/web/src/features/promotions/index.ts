// Business promotions' public face: the deals on a business's page (managed there by its
// managers) and "Deals near this event" on an event's page.
export { BusinessPromotionsSection, DEALS_SECTION_TITLE } from "./business-promotions-section";
export { EVENT_DEALS_TITLE, EventDealsSection } from "./event-deals-section";
