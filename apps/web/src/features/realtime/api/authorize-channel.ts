import { ChannelAuthResponseSchema, REALTIME_PATHS } from '@attest/shared';
import { parseJson, send } from '../../../lib/api/http-client';

// Spec 1 §7 POST prasaran/auth/: the server joins this socket to the channel if the user may hear
// it. A refusal is an answer, not a failure of the page: no 'Insufficient Permissions' warning, and
// the channel simply stays silent. Sent through the http client so the CSRF header goes with it.
export async function authorizeChannel(socketId: string, channelName: string): Promise<boolean> {
  const response = await send(REALTIME_PATHS.auth, {
    method: 'POST',
    body: { socket_id: socketId, channel_name: channelName },
    handledStatuses: [400, 403, 404],
  });
  if (!response.ok) return false;
  await parseJson(response, ChannelAuthResponseSchema);
  return true;
}
