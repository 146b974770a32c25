import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, NO_POLICY } from '../core';
import { buildAuditRecord } from './audit-record';
import { openOtlpExport } from './otlp-export';

/** A loopback stand-in for an OpenTelemetry collector: keeps what is POSTed to /v1/logs. */
let collector: Server;
let url: string;
const received: { path: string; type: string; body: string }[] = [];

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/logs`;
});

afterAll(() => new Promise<void>((r) => collector.close(() => r())));

describe('OTLP/HTTP export of audit records', () => {
  it('sends each record as a log record with its verdict and basis, redacted as in the file', async () => {
    const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const record = buildAuditRecord(
      decide({ verdict: 'deny', basis: 'floor', reason: `blocked, token ${secret} seen`, policy: NO_POLICY }),
      { surface: 'check', kind: 'http' },
      new Date('2026-01-01T00:00:00Z'),
    );
    const otlp = openOtlpExport(url, '0.1.0');
    otlp.emit(record);
    await otlp.flush();
    await otlp.shutdown();
    expect(received.length).toBe(1);
    const got = received[0];
    expect(got?.path).toBe('/v1/logs');
    expect(got?.type).toContain('application/json');
    const text = got?.body ?? '';
    expect(text).not.toContain(secret);
    const logs = JSON.parse(text) as {
      resourceLogs: {
        scopeLogs: {
          scope: { name: string };
          logRecords: {
            severityText: string;
            attributes: { key: string; value: { stringValue?: string } }[];
          }[];
        }[];
      }[];
    };
    const scope = logs.resourceLogs[0]?.scopeLogs[0];
    expect(scope?.scope.name).toBe('gavel.audit');
    const log = scope?.logRecords[0];
    expect(log?.severityText).toBe('ERROR');
    const attr = Object.fromEntries((log?.attributes ?? []).map((a) => [a.key, a.value.stringValue]));
    expect(attr['gavel.verdict']).toBe('deny');
    expect(attr['gavel.basis']).toBe('floor');
    expect(text).toContain(record.reason.slice(0, 10));
  });

  it('loses only its own copy when the collector is down', async () => {
    const otlp = openOtlpExport('http://127.0.0.1:1/v1/logs', '0.1.0');
    const record = buildAuditRecord(
      decide({ verdict: 'allow', basis: 'rule', reason: 'fine', policy: NO_POLICY }),
      { surface: 'check', kind: 'http' },
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(() => otlp.emit(record)).not.toThrow();
    await expect(otlp.shutdown()).resolves.toBeUndefined();
  });
});
