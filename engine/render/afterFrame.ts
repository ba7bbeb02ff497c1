/**
 * Runs callbacks in a task of their own, right after the current one: called during an
 * animation frame, after that frame's rendering work. One MessageChannel serves every call;
 * callbacks queued before the task runs share it.
 */
export function createAfterFrame(): { defer: (run: () => void) => void; dispose: () => void } {
  const queue: Array<() => void> = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    for (const run of queue.splice(0)) run();
  };
  return {
    defer(run) {
      queue.push(run);
      if (queue.length === 1) channel.port2.postMessage(0);
    },
    dispose() {
      queue.length = 0;
      channel.port1.close();
      channel.port2.close();
    },
  };
}
