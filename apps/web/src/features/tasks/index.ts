// The tasks feature's public face (issue 16): its query keys, for the header's count and the
// realtime routing. The /tasks page stays out: the router loads it lazily.
export { taskKeys } from './api/task-keys';
