/** Starts the bench's Node load client (scripts/bench/node-client.ts) in a process of its own for one run. */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type ClientOrder, type ClientReply, READY } from "./node-client";

export interface NodeLoad<Reply extends ClientReply> {
  /** A `visit` run's measured part has started (after its warm-up). */
  ready: Promise<void>;
  /** The run's figures, once it has ended (by its duration, or by `stop`). */
  reply: Promise<Reply>;
  /** Ends a `visit` run now. */
  stop(): void;
}

export function startNodeLoad<Order extends ClientOrder>(order: Order): NodeLoad<Extract<ClientReply, { kind: Order["kind"] }>> {
  const child = fork(fileURLToPath(new URL("./node-client.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
  });
  let started: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const reply = new Promise<Extract<ClientReply, { kind: Order["kind"] }>>((resolve, reject) => {
    child.on("message", (message) => {
      if (message === READY) return started();
      resolve(message as Extract<ClientReply, { kind: Order["kind"] }>);
      child.kill();
    });
    child.once("exit", (code) => reject(new Error(`the bench's Node load client exited with ${code} before answering`)));
  });
  child.send(order);
  return { ready, reply, stop: () => child.connected && child.send("stop") };
}
