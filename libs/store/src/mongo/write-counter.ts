import mongoose, { type Connection } from "mongoose";

/**
 * Told of each write command the store sends: the collection's name and the BSON size of the command document (what
 * goes on the wire, give or take the message header). Never the document's contents.
 */
export type StoreWriteHook = (collection: string, bytes: number) => void;

/** The commands that write; each names its collection as the value of its first key. */
const WRITE_COMMANDS = new Set(["insert", "update", "delete", "findAndModify"]);

/** Clients already watched: a client is never counted twice (a replaced client is a new one, watched anew). */
const watched = new WeakSet<object>();

/**
 * Counts the connection's write commands through the driver's command monitoring (the client must be made with
 * `monitorCommands: true`): on each `commandStarted` of a write, the hook gets the collection and the command's BSON
 * size. The size is computed without serializing (calculateObjectSize walks the document once); a hook that throws
 * is ignored, never the write's failure.
 */
export function countWrites(connection: Connection, hook: StoreWriteHook): void {
  const client = connection.getClient();
  if (watched.has(client)) return;
  watched.add(client);
  client.on("commandStarted", (event) => {
    if (!WRITE_COMMANDS.has(event.commandName)) return;
    const collection = (event.command as Record<string, unknown>)[event.commandName];
    if (typeof collection !== "string") return;
    try {
      hook(collection, mongoose.mongo.BSON.calculateObjectSize(event.command));
    } catch {
      // a counter is never a reason for a write to fail
    }
  });
}
