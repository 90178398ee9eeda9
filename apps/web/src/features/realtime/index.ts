// The realtime feature's public face (issue 13): the session's socket and its events. The live
// workflow view stays out: only the lazy process pages use it.
export { RealtimeProvider, type RealtimeProviderProps } from './components/realtime-provider';
export { StudioEventToasts } from './components/studio-event-toasts';
export { useDisconnectRealtime } from './hooks/use-disconnect-realtime';
export { useRealtimeEvent, useRealtimeReconnect } from './hooks/use-realtime-event';
