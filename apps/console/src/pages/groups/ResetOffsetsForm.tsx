import { useState } from "react";
import { type ResetRequest, useResetOffsets } from "../../api/groups.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";

type To = ResetRequest["to"];
const MODES: To[] = ["earliest", "latest", "offset", "shift", "timestamp"];

interface Props {
  clusterId: string;
  group: string;
  topics: string[];
  disabled: boolean;
  reason?: string | undefined;
}

/** Preview first (a dry run shows each partition's offset now and after); the reset applies exactly what was previewed. */
export function ResetOffsetsForm({ clusterId, group, topics, disabled, reason }: Props) {
  const [topic, setTopic] = useState(topics[0] ?? "");
  const [to, setTo] = useState<To>("earliest");
  const [value, setValue] = useState("0");
  const [previewed, setPreviewed] = useState<string | null>(null);
  const preview = useResetOffsets(clusterId, group);
  const reset = useResetOffsets(clusterId, group);
  const request = (dryRun: boolean): ResetRequest => ({
    topic,
    to,
    dryRun,
    ...(to === "offset" || to === "shift" ? { offset: Number(value) } : {}),
    ...(to === "timestamp" ? { timestamp: Date.parse(value) } : {}),
  });
  const current = JSON.stringify(request(true));
  return (
    <section aria-labelledby="reset" className="card space-y-3">
      <h2 id="reset" className="text-lg font-semibold">
        Reset offsets
      </h2>
      {disabled ? <p className="text-sm">{reason}</p> : null}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="reset-topic" className="label">
            Topic
          </label>
          <select id="reset-topic" className="field" value={topic} onChange={(e) => setTopic(e.target.value)}>
            {topics.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="reset-to" className="label">
            Reset to
          </label>
          <select id="reset-to" className="field" value={to} onChange={(e) => setTo(e.target.value as To)}>
            {MODES.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </div>
        {to === "offset" || to === "shift" || to === "timestamp" ? (
          <div>
            <label htmlFor="reset-value" className="label">
              {to === "timestamp" ? "Time (ISO 8601)" : to === "shift" ? "Shift by" : "Offset"}
            </label>
            <input id="reset-value" className="field" value={value} onChange={(e) => setValue(e.target.value)} />
          </div>
        ) : null}
        <button
          type="button"
          className="btn"
          disabled={disabled || preview.isPending}
          onClick={() => preview.mutate(request(true), { onSuccess: () => setPreviewed(current) })}
        >
          Preview
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={disabled || reset.isPending || previewed !== current}
          title={previewed !== current ? "Preview this reset first" : undefined}
          onClick={() => reset.mutate(request(false))}
        >
          Reset offsets
        </button>
      </div>
      <ErrorMessage error={preview.error ?? reset.error} />
      {preview.data && previewed === current ? (
        <table className="table">
          <caption className="text-left text-sm">Preview: nothing has changed yet</caption>
          <thead>
            <tr>
              <th scope="col">Partition</th>
              <th scope="col">Offset now</th>
              <th scope="col">Offset after</th>
            </tr>
          </thead>
          <tbody>
            {preview.data.offsets.map((o) => (
              <tr key={`${o.topic}-${o.partition}`}>
                <td>{o.partition}</td>
                <td>{o.from}</td>
                <td>{o.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {reset.data ? (
        <p role="status" className="text-sm">
          Offsets reset for {reset.data.offsets.length} partition(s).
        </p>
      ) : null}
    </section>
  );
}
