import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent, useRealtimeReconnect } from '../../realtime';
import { taskKeys } from '../api/task-keys';

// A reassignment of 100 tasks sends 100 events: they are gathered into one refetch.
export const LIVE_REFETCH_DELAY_MS = 250;

// Live inbox: the server tells each affected person 'tasks.changed' on their user channel after a
// submit, undo, claim, reassignment or assignee change; the lists and counts refetch. Events sent
// while the socket was down are lost, so a reconnection refetches too.
export function useLiveTasks() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      LIVE_REFETCH_DELAY_MS,
    );
  };
  useRealtimeEvent('tasks.changed', refetch);
  useRealtimeReconnect(refetch);
}
