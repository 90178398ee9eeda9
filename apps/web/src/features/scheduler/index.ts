// The scheduler feature's public face (issue 19): Settings > Scheduler.
export { SchedulerPage } from './components/scheduler-page';
