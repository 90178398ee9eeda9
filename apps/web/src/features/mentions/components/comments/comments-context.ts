import type { Thread } from '@attest/shared';
import { createContext, useContext } from 'react';
import type { CommentTarget } from '../../lib/thread-target';

export type CommentsContextValue = {
  workflowId: number;
  threads: readonly Thread[] | undefined;
  open: (target: CommentTarget) => void;
};

// Given by the process page (CommentsProvider); without it the comment buttons render nothing.
export const CommentsContext = createContext<CommentsContextValue | null>(null);

export function useComments(): CommentsContextValue | null {
  return useContext(CommentsContext);
}
