import { PASSWORD_MECHANISMS, SECURITY_PROTOCOLS } from "@kcp/shared/lists";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { type RegisterRequest, useRegisterCluster } from "../../api/clusters.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";

type Protocol = RegisterRequest["security"] extends infer S ? (S extends { protocol: infer P } ? P : never) : never;

/** Register a cluster: the service tests the connection first and answers the cluster's first view. */
export function RegisterClusterPage() {
  const register = useRegisterCluster();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [servers, setServers] = useState("");
  const [protocol, setProtocol] = useState<Protocol>("PLAINTEXT");
  const [mechanism, setMechanism] = useState<(typeof PASSWORD_MECHANISMS)[number]>("SCRAM-SHA-512");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const sasl = protocol.startsWith("SASL");

  function request(): RegisterRequest {
    return {
      name,
      bootstrapServers: servers
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
      security: sasl ? { protocol, saslMechanism: mechanism, username } : { protocol, saslMechanism: "" },
      ...(sasl ? { secrets: { password } } : {}),
    };
  }

  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">Register a cluster</h1>
      <form
        className="card space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          register.mutate(request(), {
            onSuccess: (view) => navigate({ to: "/clusters/$id", params: { id: view.cluster.id } }),
          });
        }}
      >
        <div>
          <label htmlFor="cluster-name" className="label">
            Name
          </label>
          <input id="cluster-name" className="field" value={name} onChange={(e) => setName(e.target.value)} required />
        </div>
        <div>
          <label htmlFor="bootstrap" className="label">
            Bootstrap servers (host:port, comma separated)
          </label>
          <input
            id="bootstrap"
            className="field"
            value={servers}
            onChange={(e) => setServers(e.target.value)}
            placeholder="kafka-1:9092, kafka-2:9092"
            required
          />
        </div>
        <div>
          <label htmlFor="protocol" className="label">
            Security protocol
          </label>
          <select
            id="protocol"
            className="field"
            value={protocol}
            onChange={(e) => setProtocol(e.target.value as Protocol)}
          >
            {SECURITY_PROTOCOLS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </div>
        {sasl ? (
          <>
            <div>
              <label htmlFor="mechanism" className="label">
                SASL mechanism
              </label>
              <select
                id="mechanism"
                className="field"
                value={mechanism}
                onChange={(e) => setMechanism(e.target.value as (typeof PASSWORD_MECHANISMS)[number])}
              >
                {PASSWORD_MECHANISMS.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="sasl-user" className="label">
                SASL username
              </label>
              <input id="sasl-user" className="field" value={username} onChange={(e) => setUsername(e.target.value)} />
            </div>
            <div>
              <label htmlFor="sasl-password" className="label">
                SASL password (stored encrypted, never shown again)
              </label>
              <input
                id="sasl-password"
                type="password"
                className="field"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
          </>
        ) : null}
        <ErrorMessage error={register.error} />
        <button type="submit" className="btn btn-primary" disabled={register.isPending}>
          {register.isPending ? "Testing the connection…" : "Register"}
        </button>
      </form>
    </section>
  );
}
