import net from "node:net";
import { LOOPBACK_HOST } from "./server";

/** Free-port helpers on the loopback interface (the server never listens elsewhere). */

export function isPortFree(port: number, host = LOOPBACK_HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

export function findFreePort(host = LOOPBACK_HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("Nessuna porta libera"))));
    });
  });
}
