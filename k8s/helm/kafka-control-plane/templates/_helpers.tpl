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
