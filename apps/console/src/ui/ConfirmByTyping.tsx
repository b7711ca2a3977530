import { useId, useState } from "react";

interface Props {
  /** What must be typed, exactly (a topic's or a cluster's name). */
  name: string;
  action: string;
  busy?: boolean;
  /** Let any text through (the service checks it and refuses a wrong one itself). */
  allowMismatch?: boolean;
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}

/** An irreversible action asks for the name again: the button is enabled once it is typed exactly. */
export function ConfirmByTyping({ name, action, busy, allowMismatch, onConfirm, onCancel }: Props) {
  const [typed, setTyped] = useState("");
  const id = useId();
  return (
    <form
      className="card space-y-2 border-red-700"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(typed);
      }}
    >
      <p className="text-sm">
        {action} cannot be undone. Type <strong>{name}</strong> to confirm.
      </p>
      <label htmlFor={id} className="label">
        Name to confirm
      </label>
      <input id={id} className="field" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      <div className="flex gap-2">
        <button
          type="submit"
          className="btn btn-danger"
          disabled={busy || typed === "" || (!allowMismatch && typed !== name)}
        >
          {action}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
