// Spec 2 §6: view, add, edit and delete process report. The pages receive what the user may do, so
// an action the user may not take is not shown at all.
export type ReportPermissions = { canAdd: boolean; canChange: boolean; canDelete: boolean };

export const NO_REPORT_ACTIONS: ReportPermissions = { canAdd: false, canChange: false, canDelete: false };
