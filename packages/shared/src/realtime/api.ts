import { z } from 'zod';
import { text } from '../validators/input-limits.js';

export const REALTIME_PATHS = { auth: '/api/v1/prasaran/auth/' } as const;

// Spec 1 §7 POST prasaran/auth/: the browser asks for its socket to join a private channel. The
// server checks that the socket is this session's, that the channel is this tenant's, and that the
// user may see it (their own user channel; a workflow they can see), then joins it, on whichever
// process holds the socket.
export const ChannelAuthRequestSchema = z
  .object({
    socket_id: text().min(1).max(100),
    channel_name: text().min(1).max(200),
  })
  .strict();
export type ChannelAuthRequest = z.infer<typeof ChannelAuthRequestSchema>;

export const ChannelAuthResponseSchema = z.object({ channel_name: text(), subscribed: z.literal(true) });
export type ChannelAuthResponse = z.infer<typeof ChannelAuthResponseSchema>;

export const REALTIME_MESSAGES = {
  unknownSocket: 'This connection is not open for your session; reconnect and try again.',
  channelRefused: 'You may not listen to this channel.',
} as const;

// The stable codes of those two refusals ({detail, code}: 403 channel_refused, 404 unknown_socket).
export const REALTIME_ERROR_CODES = {
  unknownSocket: 'unknown_socket',
  channelRefused: 'channel_refused',
} as const;
