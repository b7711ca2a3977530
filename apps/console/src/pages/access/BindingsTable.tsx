import type { ReactNode } from "react";
import { clustersText, type RoleBinding, resourcesText, subjectText } from "./access-text.js";

interface Props {
  caption: string;
  bindings: RoleBinding[];
  /** Show whom each binding is given to (the admin's list; on "My access" they are all the user's or its groups'). */
  withSubject?: boolean;
  /** A last cell per row: the admin's delete button, or why there is none. */
  actions?: (binding: RoleBinding) => ReactNode;
}

/** Role bindings as a table: role, clusters, resources, team (and subject, origin, actions where asked). */
export function BindingsTable({ caption, bindings, withSubject = false, actions }: Props) {
  return (
    <table className="table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {withSubject ? <th scope="col">Subject</th> : null}
          <th scope="col">Role</th>
          <th scope="col">Clusters</th>
          <th scope="col">Resources</th>
          <th scope="col">Team</th>
          {withSubject ? <th scope="col">Origin</th> : null}
          {actions ? (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {bindings.map((binding) => (
          <tr key={binding.id}>
            {withSubject ? <td>{subjectText(binding.subject)}</td> : null}
            <td>{binding.role}</td>
            <td>{clustersText(binding.clusters)}</td>
            <td>{resourcesText(binding.resources)}</td>
            <td>{binding.team ?? "—"}</td>
            {withSubject ? <td>{binding.origin === "file" ? "bindings file" : "API"}</td> : null}
            {actions ? <td>{actions(binding)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
