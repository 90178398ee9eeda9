// The mentions module's public face: what the rest of the server may use.
export { announceComment, type CommentEffects, threadLink } from './comment-fanout.js';
export { postIntegrationResult } from './integration-results.js';
export { mentionsRoutes } from './mentions.routes.js';
export { subscriptionsRoutes } from './subscriptions.routes.js';
export { escapeHtml } from './thread-email-content.js';
export { createThreadEmails, registerThreadEmailJobs, type ThreadEmails } from './thread-emails.js';
export { targetType } from './thread-targets.js';
