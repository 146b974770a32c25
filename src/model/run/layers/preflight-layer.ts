/**
 * Refuses a call before anything is spent: a schema outside the subset every provider accepts (ADR 0009), a
 * schema name the wire cannot carry, a model on the refused list. Never calls the client itself.
 */

import type { ModelCatalog } from '../../catalog/model-catalog';
import { failed } from '../../client';
import { checkSchemaSubset, isSchemaName } from '../../structured/schema-subset';
import type { Caller, Layer } from './call-step';

export function preflightLayer(caller: Caller, catalog: ModelCatalog): Layer {
  return (next) => async (call) => {
    const { request } = call;
    const subset = checkSchemaSubset(request.schema);
    if (!subset.ok)
      return failed(
        caller,
        'error',
        `schema of \`${request.promptId}\` at \`${subset.path}\`: ${subset.problem}`,
      );
    if (!isSchemaName(request.schemaName))
      return failed(caller, 'error', `schema name of \`${request.promptId}\` is not usable on the wire`);
    const refusal = catalog.refusal(caller.model);
    if (refusal) return failed(caller, 'refused-model', `model \`${caller.model}\` is refused: ${refusal}`);
    return next(call);
  };
}
