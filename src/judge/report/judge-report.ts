/**
 * The report of one judge run as a value: what every renderer (text, JSON, SARIF) prints, and what the
 * JSON Schema (schema/judge-report.schema.json) describes. Types only. It never holds file text beyond
 * the quotes of findings, and never a prompt.
 */

import type { DroppedCandidate, ReviewRunSummary } from '../review-stage';
import type { Confidence, JudgeCategory, NotReviewed, RunDecision, UnitResult, UnitStatus } from '../types';

/** 2: the JSON keys are camelCase (ADR 0026); 1 spelt them in snake_case. */
export const JUDGE_REPORT_SCHEMA_VERSION = 2;

export interface RunInfo {
  /** 'static': deterministic checks only; 'model': static checks and the model review; 'estimate': nothing judged, requests priced. */
  mode: 'static' | 'model' | 'estimate';
  startedAt: string;
  categories: JudgeCategory[];
  failOn: string[];
  minConfidence: Confidence;
  /** Prompt version, models and egress hosts: empty until the model half runs. */
  promptVersion: string | null;
  models: string[];
  egressHosts: string[];
  rules: { version: number; sha256: string };
  shellAnalysis: 'analyzer' | 'patterns-only';
  changed?: { base: string; files: number; impact: boolean };
  provenance: {
    cacheHits: number;
    inputTokens: number;
    outputTokens: number;
    costUsd: number;
    temperature: null;
  };
  coverage: { units: number; reviewed: number; notReviewed: NotReviewed[] };
  notices: string[];
}

export interface JudgeSummary {
  decision: RunDecision;
  units: Record<UnitStatus, number>;
  findings: Record<'critical' | 'high' | 'medium' | 'low' | 'info', number>;
  suppressed: number;
  droppedLowConfidence: number;
  grounding: { verified: number; repaired: number; deleted: number };
  /** The adjudicator's effect; present when the model review ran. */
  adjudication?: ReviewRunSummary['adjudication'];
  /** Every dropped candidate; present with `--explain-drops`. */
  drops?: DroppedCandidate[];
}

export interface JudgeReport {
  schemaVersion: typeof JUDGE_REPORT_SCHEMA_VERSION;
  tool: { name: 'gavel'; version: string };
  run: RunInfo;
  units: UnitResult[];
  summary: JudgeSummary;
}
