// The maintenance feature's public face (issue 13).
export { MaintenancePage } from './components/maintenance-page';
