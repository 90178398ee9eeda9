// The mailbox module's public face: what the rest of the server may use.
export { mailboxRoutes } from './mailbox.routes.js';
