import { type ServerMessage, SOCKET_RECONNECT_MS, WS_PATH } from '@pitboss/contract';

export type MessageListener = (message: ServerMessage) => void;

interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface SocketClientOptions {
  url: () => string;
  /** Spec §9: the socket reconnects 5 s after it closes. */
  reconnectMs?: number;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * The console's one websocket (`/api/ws`). The token cookie rides along on the upgrade, so a logged-in
 * console also receives its company's `invalidate` and `alert` messages. It reconnects 5 s after any
 * close; `reconnect()` reopens at once (after login or a company switch).
 */
export class SocketClient {
  private socket: SocketLike | undefined;
  private timer: unknown;
  private running = false;
  private readonly listeners = new Set<MessageListener>();
  private readonly reconnectMs: number;

  constructor(private readonly options: SocketClientOptions) {
    this.reconnectMs = options.reconnectMs ?? SOCKET_RECONNECT_MS;
  }

  subscribe(listener: MessageListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.cancelTimer();
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'closed by the console');
  }

  reconnect(): void {
    this.stop();
    this.start();
  }

  private connect(): void {
    this.cancelTimer();
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message) for (const listener of this.listeners) listener(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const set = this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.timer = set(() => {
      this.timer = undefined;
      if (this.running) this.connect();
    }, this.reconnectMs);
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    (this.options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = undefined;
  }
}

/** Accepts the server's typed messages (contract `ws/messages.ts`) without loading zod on every page. */
export function parseMessage(data: unknown): ServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return value && typeof value.type === 'string' ? (value as ServerMessage) : undefined;
  } catch {
    return undefined;
  }
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}

export const socketClient = new SocketClient({ url: () => socketUrl() });
