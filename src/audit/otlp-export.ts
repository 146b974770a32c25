/**
 * Sends audit records to an OpenTelemetry collector as log records (the official OTLP/HTTP exporter,
 * `[audit] otlp_endpoint`), in addition to the NDJSON file and never instead of it: a record reaches this only
 * after its line was written. The body is the record exactly as written to the file (the same redaction, no
 * untrusted text, no secret); verdict, basis, capability and kind are attributes too, for filtering.
 * Batched; `flush()` before exit. The OpenTelemetry packages are loaded only when an exporter is opened, so
 * no hook call pays for them. A collector that is down loses its copy, never the file's line.
 */

import { createRequire } from 'node:module';
import type { LogAttributes, Logger } from '@opentelemetry/api-logs';
import type { LoggerProvider } from '@opentelemetry/sdk-logs';
import type { AuditRecord } from './audit-record';

/** Made on first use: at import it would load `node:module` in every hook call, which exports nothing. */
let commonJsLoader: NodeJS.Require | undefined;
const loadCommonJs = (id: string): unknown => {
  commonJsLoader ??= createRequire(import.meta.url);
  return commonJsLoader(id);
};

// OpenTelemetry severity numbers: INFO 9, WARN 13, ERROR 17.
const SEVERITY = {
  allow: { n: 9, text: 'INFO' },
  escalate: { n: 13, text: 'WARN' },
  deny: { n: 17, text: 'ERROR' },
} as const;

export interface OtlpExport {
  emit(record: AuditRecord): void;
  /** Sends what is batched; resolves when the collector answered or gave up. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export function openOtlpExport(endpoint: string, serviceVersion: string): OtlpExport {
  const { OTLPLogExporter } = loadCommonJs(
    '@opentelemetry/exporter-logs-otlp-http',
  ) as typeof import('@opentelemetry/exporter-logs-otlp-http');
  const sdk = loadCommonJs('@opentelemetry/sdk-logs') as typeof import('@opentelemetry/sdk-logs');
  const exporter = new OTLPLogExporter({ url: endpoint, timeoutMillis: 5_000 });
  const provider: LoggerProvider = new sdk.LoggerProvider({
    processors: [new sdk.BatchLogRecordProcessor({ exporter, scheduledDelayMillis: 500 })],
  });
  const logger: Logger = provider.getLogger('gavel.audit', serviceVersion);
  return {
    emit(record) {
      const severity = SEVERITY[record.verdict];
      const attributes: LogAttributes = {
        'gavel.verdict': record.verdict,
        'gavel.outcome': record.outcome,
        'gavel.basis': record.basis,
        'gavel.capability': record.surface,
        'gavel.kind': record.kind,
        'gavel.policy.sha256': record.policy.sha256,
      };
      logger.emit({
        timestamp: new Date(record.time),
        severityNumber: severity.n,
        severityText: severity.text,
        eventName: 'gavel.decision',
        body: JSON.parse(JSON.stringify(record)) as Record<string, never>,
        attributes,
      });
    },
    flush: () => provider.forceFlush().catch(() => {}),
    shutdown: () => provider.shutdown().catch(() => {}),
  };
}
