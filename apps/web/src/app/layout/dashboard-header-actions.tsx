import { WorkflowExportButton } from '../../features/exports';
import { MentionsButton } from '../../features/mentions/components/mentions-button';
import { useDashboardView } from '../../features/workflow-list/hooks/use-dashboard-view';
import { usePersonalisedHomepage } from '../routes/use-personalised-homepage';

// Spec 1 §2: mentions and export icons show only on the dashboard; export only in the kind view,
// for the kind chosen there.
export function DashboardHeaderActions() {
  const { view, list, kind } = useDashboardView(usePersonalisedHomepage());
  return (
    <>
      {view === 'kind' && kind ? <WorkflowExportButton kind={kind} list={list} /> : null}
      <MentionsButton />
    </>
  );
}
