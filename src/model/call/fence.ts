/**
 * Fences for untrusted text, for every stage that sends such text to a model (check's reviewer, ask, the
 * judge's reviewers). The marker is derived from the whole request (sha256 of its canonical
 * JSON, untrusted text included), so it is stable for the cache but cannot be predicted by the text's
 * author: to embed it they would need the hash of a text that contains it. Fence-like runs in the text
 * are defused before fencing, and the marker is checked absent from every text sent. Pure: never decides
 * what is untrusted (the caller labels it) nor what a prompt says about the fences.
 */

import { contentHash } from '../../core';

const FENCE_RUN = /<{3,}|>{3,}|GAVEL-FENCE/g;

export function fenceMarker(request: unknown): string {
  return `GAVEL-FENCE-${contentHash(request).slice(0, 24)}`;
}

/** Breaks anything that looks like one of our fence lines: `<<<`, `>>>` and the marker prefix. */
export function defuse(text: string): string {
  return text.replace(FENCE_RUN, (run) =>
    run === 'GAVEL-FENCE' ? 'GAVEL_FENCE_DEFUSED' : run.replace(/[<>]/g, (c) => (c === '<' ? '‹' : '›')),
  );
}

export function fence(label: string, text: string, marker: string): string {
  return `<<<BEGIN UNTRUSTED ${label} ${marker}>>>\n${defuse(text)}\n<<<END UNTRUSTED ${label} ${marker}>>>`;
}

/** INVARIANT: no text that is sent may contain the marker, or the fences could be forged. */
export function markerAbsent(marker: string, texts: readonly string[]): boolean {
  return texts.every((t) => !t.includes(marker));
}

/** The fences of one request: its marker, and `fence` bound to it. */
export interface Fences {
  marker: string;
  fence(label: string, text: string): string;
}

/**
 * Derives the marker of `request` and checks it absent from every text that will be sent; undefined when
 * one holds it (the caller fails closed: the request is not sent).
 */
export function openFences(request: unknown, texts: readonly string[]): Fences | undefined {
  const marker = fenceMarker(request);
  if (!markerAbsent(marker, texts)) return undefined;
  return { marker, fence: (label, text) => fence(label, text, marker) };
}
