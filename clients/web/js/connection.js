// One WebSocket to one table, speaking docs/protocol.md: follow, resume from the
// last position seen (epoch, position, chain), reconnect with backoff, and
// requests answered by id. Every head the server signs for a command is kept
// (heads.js).

import { keepHead } from "./heads.js";

const FATAL = { 4401: "unauthorized", 4404: "unknown" };
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
// The server going away (1001) or restarting (1012: a replica draining): another
// replica is usually there behind the same address, so the first try is at once.
const COME_BACK = new Set([1001, 1012]);
const COME_BACK_MS = 100;

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class TableConnection {
  /**
   * handlers: welcome(welcome) -> position to follow from on a first connection;
   * events(records); status(name, detail); diverged(message); skipped(message).
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.epoch = "";
    this.position = null; // last position received; null before the first follow
    this.chain = "";
    this.pending = new Map();
    this.attempt = 0;
    this.socket = null;
    this.stopped = false;
    addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  start() {
    this.stopped = false;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const table = encodeURIComponent(this.tableId);
    return `${scheme}://${location.host}/ws/tables/${table}?token=${encodeURIComponent(this.token)}`;
  }

  open() {
    clearTimeout(this.retryTimer);
    this.handlers.status?.("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => this.closed(socket, event.code));
  }

  closed(socket, code) {
    if (socket !== this.socket) return;
    this.socket = null;
    for (const { reject } of this.pending.values()) reject(new Error("offline"));
    this.pending.clear();
    if (this.stopped) return;
    if (FATAL[code]) {
      this.handlers.status?.(FATAL[code]);
      return;
    }
    const delay =
      COME_BACK.has(code) && this.attempt === 0
        ? COME_BACK_MS
        : BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const jittered = Math.round(delay * (0.75 + Math.random() / 2));
    this.attempt += 1;
    this.handlers.status?.("offline", Math.ceil(jittered / 1000));
    this.retryTimer = setTimeout(() => this.open(), jittered);
  }

  reconnectNow() {
    if (this.socket || this.stopped || this.diverged) return;
    this.attempt = 0;
    this.open();
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        return this.welcomed(message);
      case "events":
        return this.take(message.events);
      case "diverged":
        this.diverged = true;
        this.handlers.status?.("diverged");
        return this.handlers.diverged?.(message);
      case "skipped":
        this.position = message.head;
        this.chain = "";
        return this.handlers.skipped?.(message);
      case "error":
        // A message the server could not read carries no id: it answers whatever waits.
        if (!message.id) {
          for (const { resolve } of this.pending.values()) resolve(message);
          this.pending.clear();
          return undefined;
        }
      // falls through
      default:
        if (message.id && this.pending.has(message.id)) {
          this.pending.get(message.id).resolve(message);
          this.pending.delete(message.id);
        }
    }
  }

  welcomed(welcome) {
    this.attempt = 0;
    this.welcome = welcome;
    if (this.epoch && welcome.epoch !== this.epoch) {
      this.diverged = true;
      this.handlers.status?.("diverged");
      this.handlers.diverged?.({ message: "epoch changed" });
      return;
    }
    this.epoch = welcome.epoch;
    this.handlers.status?.("online");
    if (this.position === null) {
      this.position = this.handlers.welcome?.(welcome) ?? 0;
      this.chain = "";
    }
    this.send({ type: "follow", after: this.position, epoch: this.epoch, chain: this.chain });
  }

  take(records) {
    const fresh = records.filter((record) => record.position > this.position);
    if (!fresh.length) return;
    const last = fresh[fresh.length - 1];
    this.position = last.position;
    this.chain = last.chain;
    this.handlers.events?.(fresh);
  }

  /** Forget what was followed (after a divergence) and follow again from scratch. */
  restart() {
    this.diverged = false;
    this.epoch = "";
    this.position = null;
    this.chain = "";
    this.socket?.close();
    this.socket = null;
    this.open();
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  request(message) {
    const id = randomId();
    return new Promise((resolve, reject) => {
      if (!this.send({ ...message, id })) {
        reject(new Error("offline"));
        return;
      }
      this.pending.set(id, { resolve, reject });
    });
  }

  state(at) {
    return this.request(at === undefined || at === null ? { type: "get_state" } : { type: "get_state", at });
  }

  events(after, limit = 1000) {
    return this.request({ type: "get_events", after, limit });
  }

  command(command) {
    return this.request({ type: "command", command, nonce: randomId() }).then((answer) => {
      if (answer.type === "accepted" && answer.signed_head) keepHead(answer.signed_head);
      return answer;
    });
  }
}
