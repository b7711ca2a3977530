{{/* The services of the control plane: values key → name (the Deployment, Service and entry point share it). */}}
{{- define "kcp.services" -}}
apiGateway: api-gateway
collector: collector
operationsWorker: operations-worker
audit: audit
{{- end -}}

{{- define "kcp.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* A service's resource name: <fullname>-<service>. */}}
{{- define "kcp.name" -}}
{{- printf "%s-%s" (include "kcp.fullname" .root) .service | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kcp.selectorLabels" -}}
app.kubernetes.io/name: {{ .service }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{- define "kcp.labels" -}}
{{ include "kcp.selectorLabels" . }}
app.kubernetes.io/part-of: kafka-control-plane
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{- define "kcp.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/*
The gateway's identity files (docs/identity.md): file name → JSON text, each only when its values are set. The
providers are as the gateway reads them, each secret a path under kcp.identitySecretsDir in place of the Secret
reference it comes from (kcp.identitySecretFiles): the files hold no secret.
*/}}
{{- define "kcp.identityDir" -}}/etc/kafka-control-plane/identity{{- end -}}
{{- define "kcp.identitySecretsDir" -}}/etc/kafka-control-plane/identity-secrets{{- end -}}

{{- define "kcp.identityFiles" -}}
{{- $secrets := include "kcp.identitySecretsDir" . -}}
{{- $files := dict -}}
{{- with .Values.identity.oidc.providers -}}
{{- if not $.Values.identity.oidc.redirectBaseUrl -}}
{{- fail "identity.oidc.redirectBaseUrl is required with identity.oidc.providers (each provider's redirect URI is <it>/api/v1/auth/sso/<id>/callback)" -}}
{{- end -}}
{{- $providers := list -}}
{{- range . -}}
{{- $spec := omit . "clientSecret" -}}
{{- if .clientSecret -}}
{{- $_ := set $spec "clientSecretFile" (printf "%s/oidc-%s-client-secret" $secrets .id) -}}
{{- end -}}
{{- $providers = append $providers $spec -}}
{{- end -}}
{{- $_ := set $files "oidc-providers.json" (toPrettyJson $providers) -}}
{{- end -}}
{{- with .Values.identity.ldap.providers -}}
{{- $providers := list -}}
{{- range . -}}
{{- $spec := omit . "ca" "bind" -}}
{{- if .ca -}}
{{- $_ := set $spec "caFile" (printf "%s/ldap-%s-ca.pem" $secrets .id) -}}
{{- end -}}
{{- $bind := omit .bind "bindPassword" -}}
{{- if .bind.bindPassword -}}
{{- $_ := set $bind "bindPasswordFile" (printf "%s/ldap-%s-bind-password" $secrets .id) -}}
{{- end -}}
{{- $_ := set $spec "bind" $bind -}}
{{- $providers = append $providers $spec -}}
{{- end -}}
{{- $_ := set $files "ldap-providers.json" (toPrettyJson $providers) -}}
{{- end -}}
{{- with .Values.access.bindings -}}
{{- $_ := set $files "access-bindings.json" (toPrettyJson .) -}}
{{- end -}}
{{- with .Values.approval.rules -}}
{{- $_ := set $files "approval-rules.json" (toPrettyJson .) -}}
{{- end -}}
{{- toYaml $files -}}
{{- end -}}

{{/*
The identity secrets the gateway mounts as files under kcp.identitySecretsDir, each from the existing Secret its
values name (an LDAP CA from a ConfigMap if so named): {files: [{secret | configMap, key, path}]}. Their values never
enter a ConfigMap nor the chart.
*/}}
{{- define "kcp.identitySecretFiles" -}}
{{- $files := list -}}
{{- range $provider := .Values.identity.oidc.providers -}}
{{- with $provider.clientSecret -}}
{{- $files = append $files (dict "secret" .existingSecret "key" .key "path" (printf "oidc-%s-client-secret" $provider.id)) -}}
{{- end -}}
{{- end -}}
{{- range $provider := .Values.identity.ldap.providers -}}
{{- with $provider.ca -}}
{{- if .existingConfigMap -}}
{{- $files = append $files (dict "configMap" .existingConfigMap "key" .key "path" (printf "ldap-%s-ca.pem" $provider.id)) -}}
{{- else -}}
{{- $files = append $files (dict "secret" .existingSecret "key" .key "path" (printf "ldap-%s-ca.pem" $provider.id)) -}}
{{- end -}}
{{- end -}}
{{- with $provider.bind.bindPassword -}}
{{- $files = append $files (dict "secret" .existingSecret "key" .key "path" (printf "ldap-%s-bind-password" $provider.id)) -}}
{{- end -}}
{{- end -}}
{{- toYaml (dict "files" $files) -}}
{{- end -}}
