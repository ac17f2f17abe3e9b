import pg from 'pg';

/** One dedicated connection LISTENing on a channel (events/hub.ts): not from the pool, held for good. */
export interface Listener {
  close(): Promise<void>;
}

/**
 * Opens a connection of its own, LISTENs on `channel` and hands every notification's payload to
 * `onPayload`. `onLost` is called once when the connection ends without `close` (the server went away,
 * pg_terminate_backend, a network cut): the caller opens another. Resolves once LISTEN is in effect,
 * so that a notification committed after it is delivered.
 */
export async function listen(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error?: Error) => void,
): Promise<Listener> {
  const client = new pg.Client({ connectionString, application_name: 'school-portal-events' });
  let closed = false;
  let lost = false;
  const lose = (error?: Error) => {
    if (closed || lost) return;
    lost = true;
    onLost(error);
  };
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  });
  client.on('error', (error) => lose(error));
  client.on('end', () => lose());
  try {
    await client.connect();
    // The channel is an identifier: quoted as one (pg has no parameter for LISTEN).
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  } catch (error) {
    closed = true;
    await client.end().catch(() => {});
    throw error;
  }
  return {
    async close() {
      closed = true;
      await client.end().catch(() => {});
    },
  };
}
