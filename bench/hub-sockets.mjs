// The sockets of the hub benches (bench/hub-clients.mjs in a child process), as the sending side
// drives them: `ask` sends a request and waits for its answer, `reply` waits for the next message
// (a collect's result, after its "collecting").
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export function forkSockets() {
  const child = fork(path.join(here, "hub-clients.mjs"), {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const reply = () => new Promise((resolve) => child.once("message", resolve));
  return {
    reply,
    ask(message) {
      const replied = reply();
      child.send(message);
      return replied;
    },
    stop: () => child.kill(),
  };
}
