import { useState } from "react";
import { useProduce } from "../../api/topics.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";

interface Props {
  clusterId: string;
  topic: string;
  disabled: boolean;
  reason?: string | undefined;
}

/** Produce one message (key optional); the answer names the partition and offset it was written at. */
export function ProduceForm({ clusterId, topic, disabled, reason }: Props) {
  const produce = useProduce(clusterId, topic);
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  return (
    <section aria-labelledby="produce" className="card space-y-3">
      <h2 id="produce" className="text-lg font-semibold">
        Produce a message
      </h2>
      {disabled ? <p className="text-sm">{reason}</p> : null}
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          produce.mutate({ key: key || null, value });
        }}
      >
        <div>
          <label htmlFor="produce-key" className="label">
            Key (optional)
          </label>
          <input id="produce-key" className="field" value={key} onChange={(e) => setKey(e.target.value)} />
        </div>
        <div>
          <label htmlFor="produce-value" className="label">
            Value
          </label>
          <textarea
            id="produce-value"
            className="field font-mono"
            rows={3}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={disabled || produce.isPending}>
          Produce
        </button>
        {produce.data ? (
          <p role="status" className="text-sm">
            Written to partition {produce.data.partition} at offset {produce.data.offset}.
          </p>
        ) : null}
        <ErrorMessage error={produce.error} />
      </form>
    </section>
  );
}
