export { buildStory, storyHandlers } from "./handlers";
