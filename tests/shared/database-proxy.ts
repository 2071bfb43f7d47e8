import net from "node:net";

/**
 * A TCP proxy between the server and PostgreSQL that the test can cut and restore, standing in for a
 * database that goes away (restart, network trouble) and comes back.
 */
export function databaseProxy(target: { host: string; port: number }, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  return {
    async up() {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    },
    async down() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
  };
}
