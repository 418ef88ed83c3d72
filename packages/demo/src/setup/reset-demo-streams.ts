import { busNames, connectBus } from "@tender/bus";

/**
 * Deletes the demo's JetStream streams (main and dead-letter, with their consumers) so that a
 * new run does not replay the events of the last one; the services create them again on start.
 * Returns the names of the streams that existed.
 */
export async function resetDemoStreams(natsUrl: string, busPrefix: string): Promise<string[]> {
  const names = busNames(busPrefix);
  const bus = await connectBus({ servers: natsUrl, name: "tender-demo" }).catch((error: Error) => {
    throw new Error(`NATS at ${natsUrl}: ${error.message} (scripts/setup.sh starts a local one)`, {
      cause: error,
    });
  });
  try {
    const deleted: string[] = [];
    for (const stream of [names.stream, names.dlqStream]) {
      const existed = await bus.jsm.streams.info(stream).then(
        () => true,
        () => false,
      );
      if (existed && (await bus.jsm.streams.delete(stream))) deleted.push(stream);
    }
    return deleted;
  } finally {
    await bus.close();
  }
}
