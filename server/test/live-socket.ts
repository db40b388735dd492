import { io, type Socket } from 'socket.io-client';

/**
 * An open page's live connection to a listening test app (a visitor's without a token): every event
 * it hears, in order. The caller closes the socket.
 */
export async function listenLive(
  baseUrl: string,
  token?: string,
): Promise<{ socket: Socket; heard: Array<[event: string, payload: unknown]> }> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  const heard: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => heard.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}
