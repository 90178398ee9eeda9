import { Navigate, useLocation, useParams } from 'react-router';

// Spec 1 section 2: /workflows/instances/{id} is the same page as /process/{id}.
export function WorkflowInstanceRedirect() {
  const { id } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/process/${id}${search}${hash}`} replace />;
}
