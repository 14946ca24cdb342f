export {
  buildStory,
  buildStoryListing,
  pendingStories,
  storyHandlers,
  writableListings,
} from "./handlers";
