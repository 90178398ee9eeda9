import {
  type ChannelAuthRequest,
  type ChannelAuthResponse,
  parseChannel,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
} from '@attest/shared';
import { ForbiddenError, NotFoundError, ServiceUnavailableError } from '../errors.js';
import type { UserContext } from '../request-context.js';
import type { RealtimeServer } from './socket-server.js';

const refused = () =>
  new ForbiddenError(REALTIME_MESSAGES.channelRefused, REALTIME_ERROR_CODES.channelRefused);

// Who may listen to a workflow's channel is the workflows module's rule, handed in where the app
// is composed (app.ts): the platform knows channels, not workflows.
export type ChannelRules = {
  workflow: (ctx: UserContext, workflowId: string) => Promise<boolean>;
};

// May this user listen to this channel? Their own user channel; a workflow channel of their tenant
// when the workflow rule allows it. One refusal for every other case, a workflow that does not exist
// included, so a channel name confirms nothing.
async function mayListen(ctx: UserContext, channelName: string, rules: ChannelRules): Promise<boolean> {
  const channel = parseChannel(channelName);
  if (!channel || channel.tenantId !== ctx.tenant.id) return false;
  if (channel.kind === 'user') return channel.userId === ctx.auth.user.id;
  return rules.workflow(ctx, channel.workflowId);
}

// Spec 1 §7 prasaran/auth: joins one of this session's sockets, on whichever process holds it (the
// Redis adapter asks them all), to a channel the user may listen to.
export async function authorizeChannel(
  ctx: UserContext,
  io: RealtimeServer,
  input: ChannelAuthRequest,
  rules: ChannelRules,
  log: (error: Error, context: string) => void,
): Promise<ChannelAuthResponse> {
  if (!(await mayListen(ctx, input.channel_name, rules))) throw refused();
  // A socket id is also the name of a room holding only that socket; anything else finds none or
  // several sockets and is refused alike. A process that does not answer in time (Redis adapter)
  // makes this a passing failure, not a refusal.
  const sockets = await io
    .in(input.socket_id)
    .fetchSockets()
    .catch((error: unknown) => {
      log(error instanceof Error ? error : new Error(String(error)), 'realtime fetchSockets');
      throw new ServiceUnavailableError();
    });
  const [socket] = sockets;
  if (
    sockets.length !== 1 ||
    socket?.id !== input.socket_id ||
    socket.data.tenantId !== ctx.tenant.id ||
    socket.data.sessionId !== ctx.auth.sessionId
  ) {
    throw new NotFoundError(REALTIME_MESSAGES.unknownSocket, REALTIME_ERROR_CODES.unknownSocket);
  }
  io.in(input.socket_id).socketsJoin(input.channel_name);
  return { channel_name: input.channel_name, subscribed: true };
}
