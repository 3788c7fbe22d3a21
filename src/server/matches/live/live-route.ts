import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveFrame } from '../../../shared/contracts/messages';
import { LIVE_CLOSE } from '../../../shared/domain/live-close';
import { currentClientId, sessionToken } from '../../platform/auth/guards';
import { findSessionSubject } from '../../platform/auth/sessions';
import { forbidden, unauthorized } from '../../platform/errors';
import { isSameOrigin } from '../../platform/http/request-guards';
import type { LiveNotice } from '../../platform/live/live-bus';
import type { LiveConnections } from './live-connections';
import { frameFor } from './live-frames';
import type { LivePresence } from './live-presence';

/** A connection that answered no ping in this long is dropped (a phone that lost its network). */
const PING_INTERVAL_MS = 30_000;
/**
 * How long a socket closed by a cap may take to answer the close before it is cut: a client
 * that never answers must not keep its file descriptor for ws's own 30 s.
 */
const CAPPED_CLOSE_GRACE_MS = 2_000;
const REPLACED_REASON = 'Abriste Cita en otra pestaña o dispositivo';
const ADDRESS_FULL_REASON = 'Demasiadas conexiones desde tu red';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the live route's check: the member the connection is for. */
    liveClientId: number;
  }
}

/** A member's session cookie, from this site: a visitor or an admin alone is refused before the upgrade. */
async function authenticateLive(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  if (origin && !isSameOrigin(origin, request.headers.host, request.server.config.publicUrl)) {
    throw forbidden('La solicitud viene de un sitio no permitido');
  }
  const clientId = await currentClientId(request);
  if (clientId === null) throw unauthorized('Inicia sesión para continuar');
  request.liveClientId = clientId;
}

/** Closes a socket for a cap, with its code and reason, and cuts it if it does not answer. */
function closeForCap(socket: WebSocket, code: number, reason: string): void {
  socket.close(code, reason);
  setTimeout(() => {
    if (socket.readyState !== socket.CLOSED) socket.terminate();
  }, CAPPED_CLOSE_GRACE_MS).unref();
}

/**
 * GET /api/live (docs/design/20-mensajes.md): each member's WebSocket. On every notice of the live bus that
 * names a member connected here, she gets the frame read from the database as she sees it, in
 * the order the notices came (one chain per member), while the session it opened with lasts. The
 * server pings; the browser answers. Each member and each address hold a bounded number of
 * connections on this instance (decision 0037): her newest replaces her oldest past her cap, and
 * an address past its cap is refused.
 */
export async function registerLiveRoute(
  app: FastifyInstance,
  options: { connections: LiveConnections; presence: LivePresence },
): Promise<void> {
  // Registered here, not for the whole app: its hooks would otherwise run on every request.
  // A message is a few hundred bytes (docs/design/20-mensajes.md).
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  const { connections, presence } = options;
  const chains = new Map<number, Promise<void>>();
  const alive = new WeakSet<WebSocket>();
  const sessions = new WeakMap<WebSocket, string>();

  /** The session the socket was opened with still belongs to her (sessions end on logout, deactivation…). */
  async function stillHers(socket: WebSocket, clientId: number): Promise<boolean> {
    const token = sessions.get(socket);
    return token !== undefined && (await findSessionSubject(app.db, 'client', token)) === clientId;
  }

  function deliver(clientId: number, notice: LiveNotice): void {
    if (!connections.hasLiveConnection(clientId)) return;
    const previous = chains.get(clientId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const frame = await frameFor(app.db, clientId, notice);
        if (!frame) return;
        const text = JSON.stringify(frame);
        for (const socket of connections.socketsOf(clientId)) {
          if (socket.readyState !== socket.OPEN) continue;
          if (await stillHers(socket, clientId)) socket.send(text);
          else socket.close(LIVE_CLOSE.sessionEnded, 'Tu sesión terminó');
        }
      })
      .catch((error) => app.log.warn({ err: error, notice: notice.type }, 'live frame not sent'))
      .finally(() => {
        if (chains.get(clientId) === next) chains.delete(clientId);
      });
    chains.set(clientId, next);
  }

  const stopListening = app.liveBus.subscribe((notice) => {
    for (const clientId of new Set(notice.to)) deliver(clientId, notice);
  });

  // Notices published while this instance was not listening are lost: every socket held here
  // fetches what it missed by id, as after a reconnect (decision 0043).
  const stopResuming = app.liveBus.onResumed(() => {
    const text = JSON.stringify({ type: 'catch_up' } satisfies LiveFrame);
    for (const clientId of connections.members()) {
      for (const socket of connections.socketsOf(clientId)) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    }
  });

  const pinger = setInterval(() => {
    for (const clientId of connections.members()) {
      for (const socket of connections.socketsOf(clientId)) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
    }
  }, PING_INTERVAL_MS).unref();
  app.addHook('onReady', () => presence.start());
  app.addHook('onClose', async () => {
    clearInterval(pinger);
    stopListening();
    stopResuming();
    await presence
      .stop()
      .catch((error) => app.log.warn({ err: error }, 'live presence: rows left to expire'));
  });

  const { liveConnectionsPerMember, liveConnectionsPerAddress } = app.config.messages;
  app.get('/live', { websocket: true, preHandler: authenticateLive }, (socket, request) => {
    const clientId = request.liveClientId;
    // The client's address as trustProxy resolves it: behind the reverse proxy, the visitor's.
    const address = request.ip;
    if (connections.countFrom(address) >= liveConnectionsPerAddress) {
      closeForCap(socket, LIVE_CLOSE.addressFull, ADDRESS_FULL_REASON);
      return;
    }
    const token = sessionToken(request, 'client');
    if (token) sessions.set(socket, token);
    connections.add(clientId, address, socket);
    app.metrics.liveConnections.inc();
    // The newest is the tab she is using; the oldest is likeliest one she left behind.
    while (connections.count(clientId) > liveConnectionsPerMember) {
      const oldest = connections.oldestOf(clientId);
      if (!oldest) break;
      connections.remove(clientId, oldest);
      closeForCap(oldest, LIVE_CLOSE.replaced, REPLACED_REASON);
    }
    presence.changed(clientId);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => {
      connections.remove(clientId, socket);
      app.metrics.liveConnections.dec();
      presence.changed(clientId);
    });
    socket.on('error', () => socket.terminate());
  });
}
