import { useState } from "react";
import { type useAutopilotStatus, usePauseAutopilot as usePause, useResumeAutopilot } from "../../api/autopilot.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";

type Status = NonNullable<ReturnType<typeof useAutopilotStatus>["data"]>;

/**
 * The veto: the pause in force for the scope (a cluster, or every cluster without `clusterId`) with who set it, why and
 * until when; for admins, pause with a reason or resume.
 */
export function PauseControl({ status, clusterId, canAct }: { status: Status; clusterId?: string; canAct: boolean }) {
  const pause = usePause();
  const resume = useResumeAutopilot();
  const [reason, setReason] = useState("");
  const mine = status.pauses.find((p) => p.clusterId === clusterId);
  const service = clusterId === undefined ? undefined : status.pauses.find((p) => p.clusterId === undefined);
  const scope = clusterId === undefined ? "every cluster" : "this cluster";
  return (
    <div className="space-y-2">
      {service ? (
        <p role="status">
          Paused for every cluster by {service.by} since {new Date(service.at).toLocaleString()}: {service.reason}
        </p>
      ) : null}
      {mine ? (
        <p role="status" data-testid="autopilot-paused">
          Paused for {scope} by {mine.by} since {new Date(mine.at).toLocaleString()}
          {mine.until ? ` until ${new Date(mine.until).toLocaleString()}` : ""}: {mine.reason}
        </p>
      ) : (
        <p data-testid="autopilot-running">Not paused for {scope}.</p>
      )}
      {canAct ? (
        mine ? (
          <button type="button" className="btn" disabled={resume.isPending} onClick={() => resume.mutate(clusterId)}>
            Resume the autopilot for {scope}
          </button>
        ) : (
          <form
            className="flex flex-wrap items-end gap-3"
            aria-label={`Pause the autopilot for ${scope}`}
            onSubmit={(event) => {
              event.preventDefault();
              pause.mutate(
                { reason, ...(clusterId === undefined ? {} : { clusterId }) },
                { onSuccess: () => setReason("") },
              );
            }}
          >
            <div>
              <label htmlFor={`pause-reason-${clusterId ?? "all"}`} className="label">
                Reason
              </label>
              <input
                id={`pause-reason-${clusterId ?? "all"}`}
                className="field"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            </div>
            <button type="submit" className="btn" disabled={pause.isPending}>
              Pause the autopilot for {scope}
            </button>
          </form>
        )
      ) : null}
      <ErrorMessage error={pause.error ?? resume.error} />
    </div>
  );
}
