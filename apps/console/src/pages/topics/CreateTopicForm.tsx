import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useCreateTopic } from "../../api/topics.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";

/** Name, partitions and replication factor (0 = the brokers' defaults). */
export function CreateTopicForm({ clusterId, onDone }: { clusterId: string; onDone: () => void }) {
  const create = useCreateTopic(clusterId);
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [partitions, setPartitions] = useState(0);
  const [replicationFactor, setReplicationFactor] = useState(0);
  return (
    <form
      className="card grid max-w-2xl gap-3 md:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { name, partitions, replicationFactor },
          {
            onSuccess: () => {
              onDone();
              void navigate({ to: "/clusters/$id/topics/$topic", params: { id: clusterId, topic: name } });
            },
          },
        );
      }}
    >
      <div className="md:col-span-3">
        <label htmlFor="new-topic" className="label">
          Topic name
        </label>
        <input id="new-topic" className="field" value={name} onChange={(e) => setName(e.target.value)} required />
      </div>
      <div>
        <label htmlFor="new-partitions" className="label">
          Partitions (0 = default)
        </label>
        <input
          id="new-partitions"
          type="number"
          min={0}
          className="field"
          value={partitions}
          onChange={(e) => setPartitions(Number(e.target.value))}
        />
      </div>
      <div>
        <label htmlFor="new-rf" className="label">
          Replication factor (0 = default)
        </label>
        <input
          id="new-rf"
          type="number"
          min={0}
          className="field"
          value={replicationFactor}
          onChange={(e) => setReplicationFactor(Number(e.target.value))}
        />
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create"}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
      <div className="md:col-span-3">
        <ErrorMessage error={create.error} />
      </div>
    </form>
  );
}
