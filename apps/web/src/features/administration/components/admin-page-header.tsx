// The header moved to components/ so that Settings pages of other features use the same one.
export { AdminPageHeader } from '../../../components/admin-page-header';
