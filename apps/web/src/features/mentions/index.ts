// The mentions feature's public face for other features (issue 13): the comment threads the process
// page shows. The app's header pieces (mentions button, subscriptions) stay out of it, so the main
// chunk importing them does not reach the comments code, which the lazy process page loads.
export {
  FieldCommentsButton,
  StepCommentsButton,
  WorkflowCommentsButton,
} from './components/comments/comment-buttons';
export { CommentsProvider, type CommentsProviderProps } from './components/comments/comments-provider';
// The record page's Comments tab (issue 18).
export { RecordComments, type RecordCommentsProps } from './components/comments/record-comments';
