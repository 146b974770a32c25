/**
 * The shape of the runner's layers: a `Step` turns one call into a structured result, a `Layer` wraps the next
 * step (budget, cache, retry, validation...), and `compose` stacks them outermost first, like a middleware stack.
 * Types and composition only; no layer's behaviour lives here.
 */

import type { ModelFailed, ModelRequest, ModelSuccess } from '../../client';
import type { ReplySchema } from '../../structured/parse-reply';

/** A model success whose text parsed into `value`, after `attempts` calls. */
export interface StructuredSuccess<T> extends ModelSuccess {
  value: T;
  attempts: number;
}

export type StructuredResult<T> = StructuredSuccess<T> | ModelFailed;

export interface CallContext<T> {
  request: ModelRequest;
  schema: ReplySchema<T>;
  signal?: AbortSignal;
  /** Which attempt this is (1 or 2): set by the retry layer, read by the validation step. */
  attempt: number;
}

export type Step = <T>(call: CallContext<T>) => Promise<StructuredResult<T>>;
export type Layer = (next: Step) => Step;

/** `layers[0]` is outermost; `inner` ends the stack. */
export function compose(layers: readonly Layer[], inner: Step): Step {
  return layers.reduceRight<Step>((next, layer) => layer(next), inner);
}

/** The client a runner wraps, as layers name it in failure values. */
export interface Caller {
  provider: string;
  model: string;
}
