import { createContext, useContext } from 'react';

// Who is looking at the process page, given by the app layer (features do not read each other's
// state): the signed-in user's id, for 'Assign to me'.
export type ProcessViewer = { userId: number | null };

export const ProcessViewerContext = createContext<ProcessViewer>({ userId: null });

export function useProcessViewer(): ProcessViewer {
  return useContext(ProcessViewerContext);
}
