import type { LiveMessage } from "../../domain/status";

/** Live status over WebSockets (Hibernation API); the messages are {@link LiveMessage}. */
export type { LiveMessage };

/**
 * Accepts a WebSocket upgrade with hibernation and sends the first message (already encoded: the
 * snapshot from the status view the object keeps, see StatusCache, or the changes since the
 * client's `since` version; null sends nothing); returns the 101 response. `tags` name the socket's
 * client, so its sockets can be counted ({@link clientSockets}).
 */
export function acceptLive(ctx: DurableObjectState, firstMessage: string | null, tags: string[] = [], attachment?: unknown): Response {
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  ctx.acceptWebSocket(server, tags);
  // What the socket may see (its channel passes, docs/security.md), kept with it across hibernation.
  if (attachment !== undefined) server.serializeAttachment(attachment);
  if (firstMessage !== null) server.send(firstMessage);
  return new Response(null, { status: 101, webSocket: client });
}

/** Sends a message to every connected socket; a socket that fails is closed and skipped. */
export function broadcast(ctx: DurableObjectState, message: LiveMessage | string): void {
  const sockets = ctx.getWebSockets();
  if (sockets.length === 0) return;
  sendTo(sockets, typeof message === "string" ? message : JSON.stringify(message));
}

/** Sends a message to these sockets; a socket that fails is closed and skipped. */
export function sendTo(sockets: readonly WebSocket[], text: string): void {
  for (const ws of sockets) {
    try {
      ws.send(text);
    } catch {
      try {
        ws.close(1011, "send failed");
      } catch {
        // Already closed.
      }
    }
  }
}

/** The tag of a client's sockets (its identity, domain/client-address.ts). */
export function clientTag(client: string): string {
  return `client:${client}`;
}

/** How many sockets a client holds open on this event. */
export function clientSockets(ctx: DurableObjectState, client: string): number {
  return ctx.getWebSockets(clientTag(client)).length;
}

/** Closes a socket the client closed, ignoring one already closed. */
export function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}
