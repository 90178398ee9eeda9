// The attachments module's public face: what the rest of the server may use.
export { fileAnswerErrors } from './attachment-answers.js';
export { attachmentsRoutes } from './attachments.routes.js';
export { attachmentDisposition } from './content-disposition.js';
export { contentMatchesType } from './content-sniffing.js';
export { registerUnusedUploadsJobs } from './unused-uploads.js';
