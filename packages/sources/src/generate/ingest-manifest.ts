import { GENERATED } from "./generated-header.js";

/** A YAML scalar: plain when YAML reads it back as the same string, else double-quoted. */
function scalar(text: string): string {
  return /^[A-Za-z][A-Za-z0-9_.:/,-]*$/.test(text) && !/^(true|false|yes|no|on|off|null)$/i.test(text)
    ? text
    : JSON.stringify(text);
}

/**
 * `k8s/base/<service>.yaml`: the Deployment of an ingest service (one replica, Recreate) and its
 * own PodDisruptionBudget; every ingest service's differs only in names and the source's settings.
 */
export function ingestManifest(
  service: string,
  label: string,
  settings: readonly [string, string][],
): string {
  const env = settings
    .map(([name, value]) => `            - name: ${name}\n              value: ${scalar(value)}\n`)
    .join("");
  return `# ${GENERATED}
# Pulls ${label} into the database.
# One replica: a single sync loop per source (Recreate, so two never run at once during a rollout).
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${service}
  labels:
    app.kubernetes.io/name: ${service}
    app.kubernetes.io/component: ingest
    app.kubernetes.io/part-of: tender-search
spec:
  replicas: 1
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      app.kubernetes.io/name: ${service}
      app.kubernetes.io/part-of: tender-search
  strategy:
    type: Recreate
  template:
    metadata:
      labels:
        app.kubernetes.io/name: ${service}
        app.kubernetes.io/component: ingest
        app.kubernetes.io/part-of: tender-search
    spec:
      serviceAccountName: tender
      automountServiceAccountToken: false
      # SIGTERM stops taking work; in-flight messages finish and are acknowledged first.
      terminationGracePeriodSeconds: 60
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
        runAsGroup: 10001
        fsGroup: 10001
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: ${service}
          image: tender/${service}:0.1.0
          imagePullPolicy: IfNotPresent
          ports:
            - name: health
              containerPort: 9090
              protocol: TCP
          envFrom:
            - configMapRef:
                name: tender-config
          env:
            - name: HEALTH_PORT
              value: "9090"
${env}            - name: SYNC_INTERVAL_MS
              value: "900000"
            - name: HTTP_TIMEOUT_MS
              value: "30000"
            - name: HTTP_MAX_RESPONSE_BYTES
              value: "20971520"
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef:
                  name: tender-secrets
                  key: DATABASE_URL
          startupProbe:
            httpGet:
              path: /health/live
              port: health
            periodSeconds: 2
            failureThreshold: 30
          livenessProbe:
            httpGet:
              path: /health/live
              port: health
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            httpGet:
              path: /health/ready
              port: health
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          resources:
            requests:
              cpu: 50m
              memory: 128Mi
            limits:
              cpu: "500m"
              memory: 512Mi
          securityContext:
            runAsNonRoot: true
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: [ALL]
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
---
# Its own disruption budget: pod-disruption-budgets.yaml says why it is not shared.
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: ${service}
  labels:
    app.kubernetes.io/name: ${service}
    app.kubernetes.io/part-of: tender-search
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: ${service}
      app.kubernetes.io/part-of: tender-search
`;
}
