// Stories: the public list (/stories) and story pages (/stories/{slug}), painted by the server on
// first view; the editor (/stories/new, /stories/{id}/edit); the "Write a story" link of a
// listing's manage menu; the admins' queues of new stories and of published stories' changes
// waiting for approval.

export { PendingStoriesQueue } from "./pending-stories-queue";
export { NEW_STORY_PATH, STORIES_PATH, storiesManageLinks } from "./stories-paths";
export { StoryRevisionsQueue } from "./story-revisions-queue";
