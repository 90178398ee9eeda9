import { MentionsButton } from '../../features/mentions/components/mentions-button';

// The export icon joins here with the dashboard's kind view (it needs the selected kind).
export function DashboardHeaderActions() {
  return <MentionsButton />;
}
