// Spec 1 §7 calls of the dashboard. GET workflows/ shares its path with the create call (POST).
export const DASHBOARD_PATHS = {
  workflows: '/api/v1/workflows/',
  // Declared before workflow-kinds/{id}/... routes; a static segment wins in the router anyway.
  kindWorkflowCounts: '/api/v1/workflow-kinds/counts/',
  kindCount: (kindId: number) => `/api/v1/workflow-kinds/${kindId}/count/`,
  kindAlertCount: (kindId: number) => `/api/v1/workflow-kinds/${kindId}/alert-count/`,
  fieldsExportJson: '/api/v1/fields/export-json/',
  extraJson: (path: string) => `/api/v1/extra-json/${path}/`,
  userGroupList: '/api/v1/extra-json/user_group_list/',
} as const;
