import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '../../realtime';
import { taskKeys } from '../api/task-keys';

// Live inbox: the server tells each affected person 'tasks.changed' on their user channel after a
// submit, undo, claim, reassignment or assignee change; the lists and counts refetch. Events sent
// while the socket was down are lost, so a reconnection refetches too.
export function useLiveTasks() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  useRealtimeEvent('tasks.changed', refetch);
  useRealtimeReconnect(refetch);
}
